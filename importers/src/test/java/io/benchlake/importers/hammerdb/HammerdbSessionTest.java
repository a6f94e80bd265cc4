package io.benchlake.importers.hammerdb;

import static io.benchlake.importers.hammerdb.HammerdbFixtures.FACTS;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.importFiles;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.only;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.run;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.text;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceRef;
import io.benchlake.schemas.RunStarted;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ladder written a file per rung is one run when its files are one session (each begun within an
 * hour of the previous one's end), in the order the rungs ran; files of other days, or each a whole
 * ladder, are runs of their own. A layout or a sidecar names each file's testbed and dataset.
 */
class HammerdbSessionTest {
  private static final long T0 = 0x67FD3345L; // 2025-04-14T16:51:49Z
  @TempDir Path dir;

  /** One timed run at {@code vus} whose jobid dates it at {@code epochSeconds}. */
  private static String rung(int vus, int nopm, long epochSeconds) {
    return HammerdbTranscriptTest.result(
        vus, nopm, String.format(Locale.ROOT, "%08X479A03E263133333", epochSeconds));
  }

  @Test
  void aLadderWrittenAFilePerRungIsOneRunInTheOrderItsRungsRan() {
    ImportBatch one =
        only(
            importFiles(
                FACTS,
                List.of(
                    text("rung-16.log", rung(16, 4000, T0 + 1800)),
                    text("rung-4.log", rung(4, 1000, T0)),
                    text("rung-8.log", rung(8, 2000, T0 + 900)))));
    assertEquals(List.of(4, 8, 16), run(one).parameters().threads());
    assertEquals(List.of("rung-4.log", "rung-8.log", "rung-16.log"), one.files());
  }

  @Test
  void filesOfAnotherDayOrEachAWholeLadderAreRunsOfTheirOwn() {
    List<ImportBatch> nightly =
        importFiles(
            FACTS,
            List.of(
                text("mon.log", rung(8, 2000, T0)), text("tue.log", rung(8, 2100, T0 + 86400))));
    assertEquals(2, nightly.size(), "one rung a night is not one run's iterations");
    List<ImportBatch> ladders =
        importFiles(
            FACTS,
            List.of(
                text("a.log", rung(4, 1000, T0) + rung(8, 2000, T0 + 900)),
                text("b.log", rung(4, 1010, T0 + 1800) + rung(8, 2010, T0 + 2700))));
    assertEquals(2, ladders.size(), "a VU count seen again starts the next run");
    List<ImportBatch> later =
        importFiles(
            FACTS,
            List.of(
                text("r4.log", rung(4, 1000, T0)),
                text(
                    "r8.log",
                    rung(8, 2000, T0 + 180 + HammerdbRuns.SESSION_GAP.toSeconds() + 60))));
    assertEquals(2, later.size(), "more than an hour after the rung before ended");
  }

  private ImportRequest request(List<Path> paths, Optional<String> layout, Optional<String> set) {
    return ImportRequest.builder(new HammerdbFormat(), paths)
        .dataset(set.orElse(null))
        .layout(layout.orElse(null))
        .build();
  }

  private Path write(String relative, String text) throws Exception {
    Path file = dir.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  @Test
  void aLayoutNamesEachFilesTestbedAndDatasetAndItsSourcePath() throws Exception {
    write("tb-a/DS one/r4.log", rung(4, 1000, T0));
    write("tb-a/DS one/r8.log", rung(8, 2000, T0 + 900));
    write("tb-b/DS two/r4.log", rung(4, 1100, T0 + 3 * 86400));
    write("tb-b/notes.txt", "not a HammerDB output\n");
    ParseOutcome out =
        HammerdbImport.parse(
            request(List.of(dir), Optional.of("{testbed}/{dataset}/*.log"), Optional.empty()));
    assertEquals(List.of(), out.failures());
    assertEquals(2, out.batches().size());
    RunStarted one = run(out.batches().get(0));
    assertEquals(List.of("DS one", "tb-a"), List.of(one.dataset(), one.testbed()));
    assertEquals(List.of(4, 8), one.parameters().threads());
    assertEquals(
        List.of("tb-a/DS one/r4.log", "tb-a/DS one/r8.log"),
        out.batches().get(0).sources().stream().map(SourceRef::path).toList());
    RunStarted two = run(out.batches().get(1));
    assertEquals(List.of("DS two", "tb-b"), List.of(two.dataset(), two.testbed()));

    BadInputException threads =
        assertThrows(
            BadInputException.class,
            () ->
                HammerdbImport.parse(
                    request(
                        List.of(dir),
                        Optional.of("{testbed}/{dataset}/r{threads}.log"),
                        Optional.empty())));
    assertTrue(threads.getMessage().contains("read from its output"), threads.getMessage());
  }

  @Test
  void aSidecarNamesItsFilesTestbedAndIsNotReadAsAnOutput() throws Exception {
    write("session/x.log", rung(4, 1000, T0));
    write("session/x.log.meta.json", "{\"dataset\": \"SC\", \"testbed\": \"side-bed\"}");
    write("session/y.log", rung(4, 1200, T0 + 86400));
    ParseOutcome out =
        HammerdbImport.parse(
            request(List.of(dir.resolve("session")), Optional.empty(), Optional.of("given")));
    assertEquals(List.of(), out.failures());
    assertEquals(2, out.batches().size());
    RunStarted x = run(out.batches().get(0));
    assertEquals(List.of("SC", "side-bed"), List.of(x.dataset(), x.testbed()));
    RunStarted y = run(out.batches().get(1));
    assertEquals("given", y.dataset());
    assertNull(y.testbed());
  }
}
