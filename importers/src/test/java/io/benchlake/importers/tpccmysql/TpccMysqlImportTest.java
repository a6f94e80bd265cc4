package io.benchlake.importers.tpccmysql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.SourceFile;
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
import org.junit.jupiter.api.io.TempDir;

/** tpcc-mysql outputs of every generation become ladder runs; broken ones are refused. */
class TpccMysqlImportTest {
  static final Instant START = Instant.parse("2025-05-04T10:00:00Z");

  @TempDir Path dir;

  static Path fixture() throws Exception {
    return Path.of(TpccMysqlImportTest.class.getResource("/tpcc-mysql/ladder.log").toURI());
  }

  static ImportRequest request(List<Path> paths, Optional<Instant> startedAt, boolean repeats) {
    return ImportRequest.builder(new TpccMysqlFormat(), paths)
        .dataset("MariaDB 11.4")
        .serverVersion("11.4.5-MariaDB")
        .startedAt(startedAt.orElse(null))
        .host("bench1")
        .startedAtFromFileTime(startedAt.isEmpty())
        .repeatsAsIterations(repeats)
        .build();
  }

  static SourceFile file(String text) {
    return SourceFile.of("t.log", text.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
  }

  static double value(IterationFinished f, String metric) {
    return f.values().stream()
        .filter(v -> v.metric().equals(metric))
        .mapToDouble(IterationValue::value)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + metric + " in " + f.values()));
  }

  static final String HEADER =
      "<Parameters>\n  [warehouse]: 10\n [connection]: 4\n     [rampup]: 5 (sec.)\n"
          + "    [measure]: 20 (sec.)\n\nMEASURING START.\n\n";

  @Test
  void aLogOfTwoRunsIsOneLadderWithItsTpmCAndRawResults() throws Exception {
    List<ImportBatch> batches =
        TpccMysqlImport.batches(request(List.of(fixture()), Optional.of(START), false), null);
    assertEquals(1, batches.size());
    ImportBatch b = batches.get(0);
    RunStarted run = (RunStarted) b.events().get(0);
    assertEquals("TPCC_MYSQL", run.testName());
    assertEquals(List.of(8, 16), run.parameters().threads());
    assertEquals(10, run.parameters().warehouses());
    assertEquals(60.0, run.parameters().durationS());
    assertEquals(10.0, run.parameters().reportIntervalS());
    List<IterationFinished> its =
        b.events().stream()
            .filter(IterationFinished.class::isInstance)
            .map(IterationFinished.class::cast)
            .toList();
    assertEquals(4082.0, value(its.get(0), "TpmC"));
    assertEquals(8764.0, value(its.get(1), "TpmC"));
    assertEquals(331.65, value(its.get(1), "TPS"), 1e-9);
    assertEquals(8764, value(its.get(1), "NewOrder_calls"));
    assertEquals(87, value(its.get(1), "NewOrder_late"));
    assertEquals(12, value(its.get(1), "NewOrder_retries"));
    assertEquals(35.2, value(its.get(1), "Delivery_avg"));
    List<Sample> samples =
        b.events().stream()
            .filter(Sample.class::isInstance)
            .map(Sample.class::cast)
            .filter(s -> s.threads() == 16)
            .toList();
    assertEquals(6, samples.size());
    Sample first = samples.get(0);
    assertEquals(10.0, first.offsetS());
    assertEquals(10.0, first.intervalS());
    assertEquals(1421 + 1476 + 142 + 141 + 137, first.transactions());
    assertEquals((1421 + 1476 + 142 + 141 + 137) / 10.0, first.tps());
    assertEquals(1421 * 6.0, first.nopm());
    assertEquals(8.348, first.latencyPctMs());
    assertEquals(22.144, first.latencyMaxMs());
    assertFalse(b.events().toString().contains("s3cret-pw"), "the header's password is never kept");
  }

  @Test
  void aConnectionCountSeenEarlierIsTheNextRunAndOneDateForTwoRunsIsRefused() throws Exception {
    Path again = Files.copy(fixture(), dir.resolve("again.log"));
    String m =
        assertThrows(
                BadInputException.class,
                () ->
                    TpccMysqlImport.batches(
                        request(List.of(fixture(), again), Optional.of(START), false), null))
            .getMessage();
    assertTrue(m.contains("import them one at a time"), m);
    List<ImportBatch> one =
        TpccMysqlImport.batches(request(List.of(fixture(), again), Optional.of(START), true), null);
    assertEquals(1, one.size(), "--repeats iterations");
    assertEquals(2, ((RunStarted) one.get(0).events().get(0)).parameters().iterations());
  }

  @Test
  void aLogCutOffBeforeItsResultIsADiedRun() {
    String text =
        HEADER
            + "  10, trx: 100, 95%: 5.000, 99%: 9.000, max_rt: 12.000, 100|3.000, 10|1.000,"
            + " 10|30.000, 10|20.000\n";
    List<TpccMysqlResult> results = TpccMysqlParser.parse(file(text));
    assertFalse(results.get(0).finished());
    ImportBatch b = TpccMysqlEvents.toEvents(results, facts(), START);
    RunFinished end = (RunFinished) b.events().get(b.events().size() - 1);
    assertEquals(RunFinished.Status.failed, end.status());
    IterationFinished it = (IterationFinished) b.events().get(b.events().size() - 2);
    assertEquals(IterationFinished.Status.failed, it.status());
    assertTrue(it.values().isEmpty());
  }

  @Test
  void olderGenerationsAreReadWithTheirCounts() {
    String g2 =
        HEADER
            + "  10, 1000(3):1.234|5.678, 990(0):0.500|2.000, 100(0):0.100|0.900,"
            + " 100(1):9.000|20.000, 101(0):3.000|8.000\n";
    TpccMysqlResult r = TpccMysqlParser.parse(file(g2)).get(0);
    assertEquals(TpccMysqlParser.COUNT_RT_MAX, r.generation());
    assertEquals(List.of(1000L, 990L, 100L, 100L, 101L), r.intervals().get(0).counts());
    assertEquals(5.678, r.intervals().get(0).maxMs());
    assertNull(r.intervals().get(0).p95Ms(), "its rt figure is a capped histogram line: not read");
    String g1 = HEADER + "  10, 1000(3):1.2, 990(0):0.5, 100(0):0.1, 100(1):9.0, 101(0):3.0\n";
    assertEquals(TpccMysqlParser.COUNT_RT, TpccMysqlParser.parse(file(g1)).get(0).generation());
    String g4 =
        HEADER + "  10, trx: 100 max_rt: 12.000, 100|3.000, 10|1.000, 10|30.000, 10|20.000\n";
    TpccMysqlResult r4 = TpccMysqlParser.parse(file(g4)).get(0);
    assertEquals(TpccMysqlParser.TRX_MAX, r4.generation());
    assertEquals(12.0, r4.intervals().get(0).maxMs());
  }

  @Test
  void malformedOutputsAreRefusedAtTheirLine() {
    String torn =
        HEADER + "  10, trx: 100, 95%: 5.000, 99%: 9.000, max_rt: 12.000, 100|3.000, 10|1.0";
    assertEquals(
        "t.log:9: expected a tpcc-mysql interval line ('  10, trx: N, 95%: ms, 99%: ms, max_rt:"
            + " ms, N|ms, N|ms, N|ms, N|ms', or the older '  10, N(late):rt|max, …' with five"
            + " transactions)",
        refusal(torn));
    assertEquals(
        "t.log:10: the output ends after <TpmC> without its figure: a truncated log",
        refusal(HEADER + "<TpmC>\n\n"));
    assertEquals(
        "t.log:10: expected the result after <TpmC>, as '1234.567 TpmC'",
        refusal(HEADER + "<TpmC>\n   TpmC\n"));
    assertEquals(
        "t.log:1: a tpcc-mysql run without its ' [connection]: N' header line: the thread count"
            + " is unknown",
        refusal(HEADER.replace(" [connection]: 4\n", "")));
    assertTrue(refusal("hello\n").startsWith("t.log:1: not a tpcc-mysql log"));
    assertEquals(
        "t.log:1: a tpcc-mysql interval line before any '<Parameters>' header: not the whole"
            + " output of tpcc_start (the header gives its connections)",
        refusal("  10, trx: 1 max_rt: 1.000, 1|1.000, 1|1.000, 1|1.000, 1|1.000\n"));
  }

  @Test
  void withoutADateOrDatasetTheImportSaysWhatToGive() throws Exception {
    ImportRequest undated =
        ImportRequest.builder(new TpccMysqlFormat(), List.of(fixture()))
            .dataset("x")
            .host("h")
            .build();
    assertEquals(
        "tpcc-mysql output carries no date: give --started-at DATE, or --started-at mtime to use"
            + " the file's modification time",
        assertThrows(BadInputException.class, () -> TpccMysqlImport.batches(undated, null))
            .getMessage());
  }

  private static String refusal(String text) {
    return assertThrows(BadInputException.class, () -> TpccMysqlParser.parse(file(text)))
        .getMessage();
  }

  private static TpccMysqlEvents.RunFacts facts() {
    return new TpccMysqlEvents.RunFacts(
        "MariaDB 11.4", "TPCC_MYSQL", Optional.empty(), "h", Optional.empty());
  }
}
