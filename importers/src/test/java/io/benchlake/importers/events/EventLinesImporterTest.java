package io.benchlake.importers.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TestEvents;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code import events} refuses, at the line, what ingest could not store or should not. */
public class EventLinesImporterTest {
  private static final EventCodec CODEC = new EventCodec();
  private static final Instant T = Instant.parse("2026-04-01T10:00:00Z");
  @TempDir Path dir;

  public static Sample sample(
      double tps, double latencyMaxMs, double intervalS, Long transactions) {
    return TestEvents.sample()
        .eventId("s1")
        .runId("r1")
        .emittedAt(T)
        .startedAt(T)
        .threads(8)
        .offsetS(10)
        .intervalS(intervalS)
        .transactions(transactions)
        .tps(tps)
        .qps(tps * 20)
        .latencyAvgMs(5.0)
        .latencyPct(95.0)
        .latencyPctMs(7.0)
        .latencyMaxMs(latencyMaxMs)
        .build();
  }

  static IterationFinished iteration(String metric, double value, String unit) {
    return new IterationFinished(
        null,
        "i1",
        "r1",
        T,
        T,
        8,
        1,
        IterationFinished.Status.completed,
        60.0,
        List.of(new IterationValue(metric, value, unit, "x")),
        List.of());
  }

  public static RunStarted run(double durationS, String property) {
    return new RunStarted(
        null,
        "rs1",
        "r1",
        T,
        T,
        "MariaDB 11.4",
        "sysbench",
        "OLTP_RW",
        null,
        "import:events",
        new RunParameters("oltp", 10, 1000L, null, durationS, "s", 1, List.of(8), null, 1.0, null),
        List.of(new Property("Note", property)),
        null);
  }

  String refusal(String... lines) throws Exception {
    Path file = dir.resolve("events.jsonl");
    Files.write(file, List.of(lines));
    SourceFile source = SourceFile.read(file);
    return assertThrows(BadInputException.class, () -> EventLinesImporter.toEvents(source, CODEC))
        .getMessage();
  }

  String line(io.benchlake.schemas.Event e) {
    return CODEC.encodeToString(e);
  }

  @Test
  void plausibleEventsPass() throws Exception {
    Path file = dir.resolve("ok.jsonl");
    Files.write(
        file,
        List.of(
            line(run(60, "fine")),
            line(sample(1234.5, 80, 1, 1234L)),
            line(iteration("TPS", 1234.5, "tx/s")),
            line(iteration("NEWORD_total", 5e7, "ms"))));
    assertEquals(4, EventLinesImporter.toEvents(SourceFile.read(file), CODEC).events().size());
  }

  @Test
  void aNegativeRateIsRefusedAtItsLine() throws Exception {
    String message = refusal(line(run(60, "x")), line(sample(-5, 80, 1, 10L)));
    assertTrue(message.contains("events.jsonl:2"), message);
    assertTrue(message.contains("sample: tps is -5.0"), message);
  }

  @Test
  void aNonFiniteNumberIsRefusedAtImportNotAtIngest() throws Exception {
    String json = line(sample(100, 80, 1, 10L)).replace("\"tps\":100.0", "\"tps\":1e999");
    assertTrue(json.contains("1e999"), json);
    String message = refusal(json);
    assertTrue(message.contains("events.jsonl:1"), message);
    assertTrue(message.contains("tps is Infinity"), message);
  }

  @Test
  void ratesLatenciesAndDurationsBeyondAnyBenchmarkAreRefused() throws Exception {
    assertTrue(refusal(line(sample(2e9, 80, 1, 10L))).contains("tps is 2.0E9"));
    assertTrue(refusal(line(sample(100, 2e7, 1, 10L))).contains("latency_max_ms is 2.0E7"));
    assertTrue(refusal(line(sample(100, 80, 2e7, 10L))).contains("interval_s is 2.0E7"));
    assertTrue(refusal(line(sample(100, 80, 1, -3L))).contains("transactions is -3"));
    assertTrue(refusal(line(iteration("p99", 3e7, "ms"))).contains("values.p99 is 3.0E7"));
    assertTrue(refusal(line(iteration("TPS", -1, "tx/s"))).contains("values.TPS is -1.0"));
    assertTrue(refusal(line(run(2e7, "x"))).contains("parameters.duration_s is 2.0E7"));
  }

  @Test
  void aTenMegabytePropertyIsOneLineNotAKafkaErrorState() throws Exception {
    String message = refusal(line(run(60, "x".repeat(10_000_000))));
    assertTrue(message.contains("events.jsonl:1"), message);
    assertTrue(message.contains("an event of 10.0 MB"), message);
    assertEquals(1, message.lines().count());
  }

  @Test
  void aKeyGivenTwiceIsRefusedAtItsLineNotTheLastOneTaken() throws Exception {
    String json =
        line(sample(100, 80, 1, 10L)).replace("\"tps\":100.0", "\"tps\":100.0,\"tps\":9.99");
    assertTrue(json.contains("\"tps\":9.99"), json);
    String message = refusal(line(run(60, "x")), json);
    assertTrue(
        message.contains("events.jsonl:2: a key given twice in one object ('tps')"), message);
  }

  @Test
  void aKeyGivenTwiceInANestedObjectIsRefusedToo() throws Exception {
    String json = line(run(60, "x")).replace("\"tables\":10", "\"tables\":10,\"tables\":11");
    assertTrue(json.contains("\"tables\":11"), json);
    assertTrue(
        refusal(json).contains("events.jsonl:1: a key given twice in one object ('tables')"));
  }
}
