package io.benchlake.ingest.importer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HammerdbImportTest {
  static SourceFile resource(String name) throws Exception {
    return SourceFile.read(
        Path.of(HammerdbImportTest.class.getResource("/hammerdb/" + name).toURI()));
  }

  static ImportBatch importOf(String... names) throws Exception {
    return importAs(Optional.empty(), names);
  }

  static ImportBatch importAs(Optional<String> dataset, String... names) throws Exception {
    HammerdbRun run = new HammerdbRun();
    for (String n : names) {
      HammerdbParser.read(resource(n), run);
    }
    return HammerdbImporter.toEvents(
        run,
        new HammerdbImporter.RunFacts(
            dataset, "TPROC-C", Optional.empty(), "bench1", Optional.empty(), Instant.EPOCH),
        List.of(names));
  }

  static List<IterationFinished> iterations(ImportBatch b) {
    return b.events().stream()
        .filter(e -> e instanceof IterationFinished)
        .map(e -> (IterationFinished) e)
        .toList();
  }

  static double value(IterationFinished f, String metric) {
    return f.values().stream()
        .filter(v -> v.metric().equals(metric))
        .mapToDouble(IterationValue::value)
        .findFirst()
        .orElseThrow();
  }

  @Test
  void aCliLadderWithItsTimeProfileAndCounterIsOneRunOfTwoVirtualUserCounts() throws Exception {
    ImportBatch b = importOf("cli_ladder_v4.log", "hdbxtprofile.log", "hdbtcount.log");
    RunStarted run = (RunStarted) b.events().get(0);
    assertEquals("MariaDB 11.8.3", run.dataset());
    assertEquals(List.of(2, 4), run.parameters().threads());
    assertEquals(120.0, run.parameters().durationS());
    assertEquals("min", run.parameters().durationUnit());
    assertEquals(
        Instant.ofEpochSecond(0x67FD3345L), run.startedAt(), "the jobid's first 8 hex digits");
    List<IterationFinished> its = iterations(b);
    assertEquals(2, its.size());
    assertEquals(2, its.get(0).threads());
    assertEquals(20515, value(its.get(0), "NOPM"));
    assertEquals(47676, value(its.get(0), "TPM"));
    assertEquals(58.971, value(its.get(0), "NEWORD_ratio"));
    assertEquals(5.4, value(its.get(0), "NEWORD_p99"));
    assertEquals(5, its.get(0).timings().size());
    assertEquals("clicks", its.get(0).timings().get(0).sdUnit(), "before v6.0 SD is in clicks");
    assertEquals(4, its.get(1).threads());
    assertEquals(60.64, value(its.get(1), "NEWORD_ratio"));
    List<Sample> samples =
        b.events().stream().filter(e -> e instanceof Sample).map(e -> (Sample) e).toList();
    assertEquals(3 + 2, samples.size(), "the counter's first 0 is its start, not a sample");
    assertEquals(46200.0, samples.get(0).tpm());
    assertEquals(10.0, samples.get(0).offsetS());
    assertTrue(
        b.events().get(b.events().size() - 1) instanceof RunFinished f
            && f.status() == RunFinished.Status.completed);
    EventCodec codec = new EventCodec();
    for (Event e : b.events()) {
      assertEquals(e, codec.decode(codec.encode(e)));
    }
    assertEquals(
        b.events(),
        importOf("cli_ladder_v4.log", "hdbxtprofile.log", "hdbtcount.log").events(),
        "deterministic ids");
  }

  @Test
  void theJobsJsonGivesResultTimingAndCounter() throws Exception {
    HammerdbRun run = new HammerdbRun();
    for (String n : List.of("job_result.json", "job_timing.json", "job_tcount.json")) {
      HammerdbParser.read(resource(n), run);
    }
    ImportBatch b =
        HammerdbImporter.toEvents(
            run,
            new HammerdbImporter.RunFacts(
                Optional.of("ES 12.3"),
                "TPROC-C",
                Optional.of("12.3.3-MariaDB"),
                "h",
                Optional.empty(),
                Instant.EPOCH),
            List.of("json"));
    IterationFinished f = iterations(b).get(0);
    assertEquals(24, f.threads());
    assertEquals(128176, value(f, "NOPM"));
    assertEquals(52.308, value(f, "NEWORD_ratio"));
    assertEquals(2, b.events().stream().filter(e -> e instanceof Sample).count());
  }

  @Test
  void theDriverScriptsSummaryBlocksAddTimingAndCounterWithoutDoublingTheResult() throws Exception {
    ImportBatch b = importAs(Optional.of("MariaDB 10.6.27"), "driver_script_v4.7.log");
    List<IterationFinished> its = iterations(b);
    assertEquals(1, its.size());
    assertEquals(8, its.get(0).threads());
    assertEquals(60135, value(its.get(0), "NOPM"));
    assertEquals(45.45, value(its.get(0), "NEWORD_ratio"));
    assertEquals(2, b.events().stream().filter(e -> e instanceof Sample).count());
  }

  @Test
  void hammerdb6SavedJobReportIsOneIterationWithMillisecondSd() throws Exception {
    ImportBatch b = importOf("hdb_job_v6.json");
    RunStarted run = (RunStarted) b.events().get(0);
    assertEquals("MariaDB 12.3.3", run.dataset());
    assertEquals(768, run.parameters().warehouses());
    IterationFinished f = iterations(b).get(0);
    assertEquals(152, f.threads());
    assertEquals(2653370, value(f, "NOPM"));
    assertEquals("ms", f.timings().get(0).sdUnit());
    assertEquals(0.148, value(f, "NEWORD_sd"));
  }

  @Test
  void aFailedVirtualUserMarksTheIterationFailed() throws Exception {
    IterationFinished f = iterations(importOf("failed_vu.log")).get(0);
    assertEquals(IterationFinished.Status.failed, f.status());
    assertEquals(9100, value(f, "NOPM"));
  }

  @Test
  void aRunWithoutTestResultIsAFailedIterationWithoutValues() throws Exception {
    ImportBatch b = importOf("aborted.log");
    IterationFinished f = iterations(b).get(0);
    assertEquals(IterationFinished.Status.failed, f.status());
    assertEquals(2, f.threads());
    assertTrue(f.values().isEmpty());
    assertTrue(
        b.events().get(b.events().size() - 1) instanceof RunFinished r
            && r.status() == RunFinished.Status.failed);
  }

  @Test
  void aBrokenProfileLineNamesFileAndLine() throws Exception {
    String text =
        Files.readString(
                Path.of(HammerdbImportTest.class.getResource("/hammerdb/hdbxtprofile.log").toURI()))
            .replace("CALLS: 120020", "CALLS: 12OO20");
    SourceFile f = SourceFile.of("x.log", text.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
    BadInputException e =
        assertThrows(BadInputException.class, () -> HammerdbParser.read(f, new HammerdbRun()));
    assertTrue(e.getMessage().startsWith("x.log:13: expected a time profile line"), e.getMessage());
  }

  @Test
  void textThatIsNotHammerdbOutputIsRefused() {
    SourceFile f =
        SourceFile.of(
            "notes.txt", "hello\nworld\n".getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
    BadInputException e =
        assertThrows(BadInputException.class, () -> HammerdbParser.read(f, new HammerdbRun()));
    assertTrue(e.getMessage().startsWith("notes.txt:1: not HammerDB output"), e.getMessage());
  }
}
