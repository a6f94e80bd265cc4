package io.benchlake.analytics.changes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.report.LeftOut;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryCacheTest {
  @TempDir Path dir;

  private static final ChangesQuery.Series SERIES =
      new ChangesQuery.Series("oltp_rw", 64, "TPS", "time", Optional.empty());

  private static ChangesQuery.History history() {
    return new ChangesQuery.History(
        "OLTP_RW",
        "db1",
        List.of(
            new ChangesQuery.Run(
                "r1", "2026-03-01T00:00:00Z", "11.4.2", "MariaDB 11.4", new double[] {0.1, 1e-300}),
            new ChangesQuery.Run("r2", "", null, null, new double[] {Math.PI, -0.0, 12345.678901})),
        List.of(new LeftOut("MariaDB 11.4", "r1", 64, 2, "a noisy neighbour ✓")));
  }

  @Test
  void aHistoryComesBackToTheLastBitWithItsNullsAndLeftOutIterations() {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", SERIES, history());
    ChangesQuery.History back = cache.find("c1", SERIES).orElseThrow();
    ChangesQuery.History h = history();
    assertEquals(h.test(), back.test());
    assertEquals(h.host(), back.host());
    assertEquals(h.leftOut(), back.leftOut());
    assertEquals(h.runs().size(), back.runs().size());
    for (int i = 0; i < h.runs().size(); i++) {
      ChangesQuery.Run a = h.runs().get(i);
      ChangesQuery.Run b = back.runs().get(i);
      assertEquals(List.of(a.runId(), a.startedAt()), List.of(b.runId(), b.startedAt()));
      assertEquals(a.version(), b.version());
      assertEquals(a.dataset(), b.dataset());
      long[] bitsA =
          java.util.Arrays.stream(a.values()).mapToLong(Double::doubleToRawLongBits).toArray();
      long[] bitsB =
          java.util.Arrays.stream(b.values()).mapToLong(Double::doubleToRawLongBits).toArray();
      assertArrayEquals(bitsA, bitsB);
    }
  }

  @Test
  void anotherCommitAnotherSeriesOrAnotherBuildIsAMiss() {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", SERIES, history());
    assertTrue(cache.find("c2", SERIES).isEmpty());
    for (ChangesQuery.Series other :
        List.of(
            new ChangesQuery.Series("oltp_rw", 32, "TPS", "time", Optional.empty()),
            new ChangesQuery.Series("oltp_rw", 64, "QPS", "time", Optional.empty()),
            new ChangesQuery.Series("oltp_rw", 64, "TPS", "release", Optional.empty()),
            new ChangesQuery.Series("oltp_rw", 64, "TPS", "time", Optional.of("db1")),
            new ChangesQuery.Series("OLTP_RW", 64, "TPS", "time", Optional.empty()))) {
      assertTrue(cache.find("c1", other).isEmpty(), other.toString());
    }
    assertTrue(new HistoryCache(dir, "build 2").find("c1", SERIES).isEmpty());
    assertTrue(cache.find("c1", SERIES).isPresent());
  }

  @Test
  void aNewCommitsEntryDropsTheOldCommits() throws Exception {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", SERIES, history());
    cache.store("c2", SERIES, history());
    assertTrue(cache.find("c1", SERIES).isEmpty());
    assertTrue(cache.find("c2", SERIES).isPresent());
    try (Stream<Path> commits = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("c2")), commits.toList());
    }
  }

  @Test
  void aFileCutShortIsAMissAndIsWrittenAgain() throws Exception {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", SERIES, history());
    Path file;
    try (Stream<Path> files = Files.list(dir.resolve("c1"))) {
      file = files.findFirst().orElseThrow();
    }
    byte[] whole = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(whole, whole.length - 5));
    assertTrue(cache.find("c1", SERIES).isEmpty());
    cache.store("c1", SERIES, history());
    assertTrue(cache.find("c1", SERIES).isPresent());
    try (Stream<Path> files = Files.list(dir.resolve("c1"))) {
      assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".partial")));
    }
  }

  @Test
  void theSeriesAskedAtOtherCommitsComeMostRecentlyAskedFirst() throws Exception {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    ChangesQuery.Series byRelease =
        new ChangesQuery.Series("oltp_rw", 64, "TPS", "release", Optional.of("db 1\nb"));
    ChangesQuery.Series other =
        new ChangesQuery.Series("tpcc", 8, "NOPM", "time", Optional.empty());
    cache.store("c1", SERIES, history());
    cache.store("c1", byRelease, history());
    cache.store("c1", other, history());
    try (Stream<Path> files = Files.list(dir.resolve("c1"))) {
      for (Path f : files.toList()) {
        Files.setLastModifiedTime(f, FileTime.from(Instant.now().minusSeconds(3_600)));
      }
    }
    asked(cache, "c1", SERIES, 3_000);
    asked(cache, "c1", byRelease, 1_000);
    asked(cache, "c1", other, 2_000);
    assertEquals(List.of(byRelease, other, SERIES), cache.askedBefore("c2", 16));
    assertEquals(List.of(byRelease), cache.askedBefore("c2", 1));
    assertEquals(List.of(), cache.askedBefore("c1", 16), "those of the commit itself");

    assertTrue(cache.find("c1", SERIES).isPresent());
    assertEquals(SERIES, cache.askedBefore("c2", 1).get(0), "a hit is an ask");
    assertEquals(
        List.of(SERIES),
        new HistoryCache(dir, "build 2").askedBefore("c2", 1),
        "asked of another build");
  }

  @Test
  void aDamagedEntryIsNotAskedAgain() throws Exception {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", SERIES, history());
    try (Stream<Path> files = Files.list(dir.resolve("c1"))) {
      Files.write(files.findFirst().orElseThrow(), new byte[] {0, 0, 0, 2, 0});
    }
    assertEquals(List.of(), cache.askedBefore("c2", 16));
    assertEquals(List.of(), new HistoryCache(dir.resolve("none yet"), "b").askedBefore("c2", 16));
  }

  /** Marks the entry of {@code series} as asked {@code secondsAgo}, the others asked earlier. */
  private void asked(HistoryCache cache, String commit, ChangesQuery.Series series, int secondsAgo)
      throws Exception {
    assertTrue(cache.find(commit, series).isPresent());
    try (Stream<Path> files = Files.list(dir.resolve(commit))) {
      Path newest =
          files.max(java.util.Comparator.comparing(HistoryCacheTest::modified)).orElseThrow();
      Files.setLastModifiedTime(newest, FileTime.from(Instant.now().minusSeconds(secondsAgo)));
    }
  }

  private static FileTime modified(Path file) {
    try {
      return Files.getLastModifiedTime(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aHomeThatCannotBeWrittenStillAnswers() throws Exception {
    Path notADirectory = dir.resolve("file");
    Files.writeString(notADirectory, "in the way");
    HistoryCache cache = new HistoryCache(notADirectory.resolve("changes"), "build 1");
    cache.store("c1", SERIES, history());
    assertTrue(cache.find("c1", SERIES).isEmpty());
  }
}
