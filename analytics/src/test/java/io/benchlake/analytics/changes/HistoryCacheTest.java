package io.benchlake.analytics.changes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.benchlake.analytics.report.LeftOut;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
                "r1",
                "2026-03-01T00:00:00Z",
                "11.4.2",
                "MariaDB 11.4",
                "1a2b3c4d",
                "import:sysbench",
                new double[] {0.1, 1e-300}),
            new ChangesQuery.Run("r2", "", null, null, new double[] {Math.PI, -0.0, 12345.678901})),
        List.of(new LeftOut("MariaDB 11.4", "r1", 64, 2, "a noisy neighbour ✓")));
  }

  @Test
  void aHistoryComesBackToTheLastBitWithItsNullsAndLeftOutIterations() {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", "c1", SERIES, history());
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
      assertEquals(a.config(), b.config());
      assertEquals(a.tool(), b.tool());
      long[] bitsA = Arrays.stream(a.values()).mapToLong(Double::doubleToRawLongBits).toArray();
      long[] bitsB = Arrays.stream(b.values()).mapToLong(Double::doubleToRawLongBits).toArray();
      assertArrayEquals(bitsA, bitsB);
    }
  }

  @Test
  void anotherCommitAnotherSeriesOrAnotherBuildIsAMiss() {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", "c1", SERIES, history());
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
    cache.store("c1", "c1", SERIES, history());
    cache.store("c2", "c2", SERIES, history());
    assertTrue(cache.find("c1", SERIES).isEmpty());
    assertTrue(cache.find("c2", SERIES).isPresent());
    try (Stream<Path> commits = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("c2")), commits.toList());
    }
  }

  @Test
  void entriesReadAtACommitTheWarehouseMovedOnFromAreNotKeptAndDropNothing() throws Exception {
    HistoryCache cache = keptEvery("c2", "build 1");
    cache.store("c2", "c2", SERIES, history());
    cache.store("c1", "c2", SERIES, history()); // a command that read c1 ends after c2's ingest
    assertTrue(
        cache.storeEvery("c1", "c2", out -> fail("c1 is not read again")).series() == 0,
        "nothing kept at c1");
    assertTrue(cache.find("c2", SERIES).isPresent());
    assertTrue(cache.hasEvery("c2"));
    assertTrue(Files.notExists(dir.resolve("c1")));
  }

  @Test
  void theBuildNamesTheDuckDbThatComputesTheHistories() throws Exception {
    Path duckdb =
        Path.of(
            org.duckdb.DuckDBDriver.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    assertTrue(HistoryCache.thisBuild().contains(duckdb.toString()), HistoryCache.thisBuild());
  }

  @Test
  void anotherCommandsPartialFileIsNotDropped() throws Exception {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    Path writing = Files.createDirectories(dir.resolve("c1")).resolve(".every123.partial");
    Files.writeString(writing, "being written");
    cache.store("c2", "c2", SERIES, history());
    assertTrue(Files.exists(writing), "another command's file, still being written");
    Files.setLastModifiedTime(
        writing, java.nio.file.attribute.FileTime.from(java.time.Instant.now().minusSeconds(7200)));
    cache.store("c2", "c2", SERIES, history());
    assertTrue(Files.notExists(dir.resolve("c1")), "left by a command that ended: dropped");
  }

  @Test
  void aFileCutShortIsAMissAndIsWrittenAgain() throws Exception {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", "c1", SERIES, history());
    Path file;
    try (Stream<Path> files = Files.list(dir.resolve("c1"))) {
      file = files.findFirst().orElseThrow();
    }
    byte[] whole = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(whole, whole.length - 5));
    assertTrue(cache.find("c1", SERIES).isEmpty());
    cache.store("c1", "c1", SERIES, history());
    assertTrue(cache.find("c1", SERIES).isPresent());
    try (Stream<Path> files = Files.list(dir.resolve("c1"))) {
      assertFalse(files.anyMatch(f -> f.getFileName().toString().endsWith(".partial")));
    }
  }

  /**
   * OLTP_RW at one commit: four runs (r3 on another host, r2 of an older release than r1), values
   * at 8 threads for all, at 16 for r1 and r2; an annotation left out r1's iteration 2 at 8 threads
   * and iteration 1 at 16.
   */
  private static TestHistories oltpRw() {
    double[] none = new double[0];
    List<TestHistories.KeptRun> runs =
        List.of(
            new TestHistories.KeptRun(
                new ChangesQuery.Run("r0", "2026-03-01T00:00:00Z", "11.4.1", "d", none), "db1", 1),
            new TestHistories.KeptRun(
                new ChangesQuery.Run(
                    "r1", "2026-03-02T00:00:00Z", "11.4.3", "d", "cafe0001", "loadgen", none),
                "db1",
                4),
            new TestHistories.KeptRun(
                new ChangesQuery.Run("r2", "2026-03-03T00:00:00Z", "11.4.2", null, none), "db1", 2),
            new TestHistories.KeptRun(new ChangesQuery.Run("r3", "", null, "d", none), "db2", 3));
    return new TestHistories(
        "OLTP_RW",
        runs,
        List.of(new LeftOut("d", "r1", 8, 2, "noisy"), new LeftOut("d", "r1", 16, 1, "noisy")),
        List.of(
            new TestHistories.Values(
                8,
                "TPS",
                new int[] {0, 1, 2, 3},
                new double[][] {{1.0, -0.0}, {Math.PI}, {1e-300, 2}, {Double.MIN_VALUE}}),
            new TestHistories.Values(16, "TPS", new int[] {1, 2}, new double[][] {{5.5}, {6.5}})));
  }

  private HistoryCache keptEvery(String commit, String build) throws Exception {
    HistoryCache cache = new HistoryCache(dir, build);
    cache.storeEvery(
        commit,
        commit,
        out -> {
          out.add(oltpRw());
          out.finish(Map.of("oltp_rw", "OLTP_RW", "OLTP_RW", "OLTP_RW", "x", "X"));
        });
    return cache;
  }

  private static ChangesQuery.Series series(String test, int threads, String by, String host) {
    return new ChangesQuery.Series(test, threads, "TPS", by, Optional.ofNullable(host));
  }

  private static List<String> runIds(ChangesQuery.History h) {
    return h.runs().stream().map(ChangesQuery.Run::runId).toList();
  }

  @Test
  void everySeriesKeptAtACommitIsSelectedAsTheQuerySelectsIt() throws Exception {
    HistoryCache cache = keptEvery("c1", "build 1");

    ChangesQuery.History byTime =
        cache.find("c1", series("oltp_rw", 16, "time", null)).orElseThrow();
    assertEquals(List.of("OLTP_RW", "db1"), List.of(byTime.test(), byTime.host()));
    assertEquals(List.of("r1", "r2"), runIds(byTime));
    assertEquals(List.of(new LeftOut("d", "r1", 16, 1, "noisy")), byTime.leftOut());
    assertEquals("11.4.2", byTime.runs().get(1).version());
    assertEquals(
        List.of("cafe0001", "loadgen"),
        List.of(byTime.runs().get(0).config(), byTime.runs().get(0).tool()),
        "a run's config and tool are kept for the markers");
    assertArrayEquals(new double[] {6.5}, byTime.runs().get(1).values());

    ChangesQuery.History byRelease =
        cache.find("c1", series("OLTP_RW", 8, "release", "db1")).orElseThrow();
    assertEquals(List.of("r0", "r2", "r1"), runIds(byRelease));
    long[] bits =
        Arrays.stream(byRelease.runs().get(1).values())
            .mapToLong(Double::doubleToRawLongBits)
            .toArray();
    assertArrayEquals(
        new long[] {Double.doubleToRawLongBits(1e-300), Double.doubleToRawLongBits(2)}, bits);
    assertEquals(List.of(new LeftOut("d", "r1", 8, 2, "noisy")), byRelease.leftOut());

    ChangesQuery.History otherHost =
        cache.find("c1", series("OLTP_RW", 8, "time", "db2")).orElseThrow();
    assertEquals(List.of("r3"), runIds(otherHost));
    assertEquals("db2", otherHost.host());
  }

  @Test
  void whatASessionWouldRefuseOrAnotherCommitOrBuildIsNotAnsweredFromTheFile() throws Exception {
    HistoryCache cache = keptEvery("c1", "build 1");
    for (ChangesQuery.Series s :
        List.of(
            series("OLTP_RW", 8, "time", null), // two hosts and none named
            series("OLTP_RW", 16, "time", "db2"), // no runs on that host
            series("OLTP_RW", 32, "time", null), // no such thread count
            new ChangesQuery.Series("OLTP_RW", 16, "QPS", "time", Optional.empty()),
            series("Oltp_Rw", 16, "time", null), // a spelling the file does not list
            series("x", 16, "time", null))) { // a name whose test has no runs
      assertTrue(cache.find("c1", s).isEmpty(), s.toString());
    }
    ChangesQuery.Series kept = series("OLTP_RW", 16, "time", null);
    assertTrue(cache.find("c1", kept).isPresent());
    assertTrue(cache.find("c2", kept).isEmpty());
    assertTrue(new HistoryCache(dir, "build 2").find("c1", kept).isEmpty());
    assertTrue(cache.hasEvery("c1"));
    assertFalse(cache.hasEvery("c2"));
  }

  @Test
  void aFileOfEverySeriesCutShortOrLeftHalfWrittenIsAMiss() throws Exception {
    HistoryCache cache = keptEvery("c1", "build 1");
    ChangesQuery.Series kept = series("OLTP_RW", 16, "time", null);
    Path file;
    try (Stream<Path> files = Files.list(dir.resolve("c1"))) {
      file = files.findFirst().orElseThrow();
    }
    byte[] whole = Files.readAllBytes(file);
    for (int cut : new int[] {1, 9, whole.length / 2, whole.length - 20}) {
      Files.write(file, Arrays.copyOf(whole, whole.length - cut));
      assertTrue(cache.find("c1", kept).isEmpty(), "cut by " + cut);
    }

    // a writing that fails leaves no file, and the one kept before stands
    Files.write(file, whole);
    assertThrows(
        IllegalStateException.class,
        () ->
            cache.storeEvery(
                "c1",
                "c1",
                out -> {
                  out.add(oltpRw());
                  throw new IllegalStateException("the session failed");
                }));
    assertTrue(cache.find("c1", kept).isPresent());
    try (Stream<Path> files = Files.list(dir.resolve("c1"))) {
      assertEquals(List.of(file), files.toList());
    }
  }

  @Test
  void everySeriesKeptAtANewCommitDropsTheOldCommits() throws Exception {
    HistoryCache cache = new HistoryCache(dir, "build 1");
    cache.store("c1", "c1", SERIES, history());
    keptEvery("c2", "build 1");
    assertTrue(cache.find("c1", SERIES).isEmpty());
    try (Stream<Path> commits = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("c2")), commits.toList());
    }
  }

  @Test
  void aHomeThatCannotBeWrittenStillAnswers() throws Exception {
    Path notADirectory = dir.resolve("file");
    Files.writeString(notADirectory, "in the way");
    HistoryCache cache = new HistoryCache(notADirectory.resolve("changes"), "build 1");
    cache.store("c1", "c1", SERIES, history());
    assertTrue(cache.find("c1", SERIES).isEmpty());
  }
}
