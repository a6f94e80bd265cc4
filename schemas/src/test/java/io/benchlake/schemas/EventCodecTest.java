package io.benchlake.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EventCodecTest {
  private static final Instant STARTED = Instant.parse("2026-03-11T13:22:25Z");
  private static final Instant NOW = Instant.parse("2026-03-11T13:30:00Z");
  private final EventCodec codec = new EventCodec();

  static RunStarted runStarted() {
    return new RunStarted(
        null,
        "e1",
        "run-1",
        NOW,
        STARTED,
        "Mariadb 11.4.5-MariaDB",
        "sysbench",
        "OLTP_RW",
        "smoke",
        "loadgen",
        new RunParameters(
            "oltp_read_write", 4, 10_000L, null, 10.0, "s", 2, List.of(1, 2), 0.0, 1.0, "uniform"),
        List.of(new Property("Number of tables", "4"), new Property("Db driver", "mariadb")),
        null);
  }

  static EnvironmentSnapshot environment() {
    return new EnvironmentSnapshot(
        null,
        "e2",
        "run-1",
        NOW,
        STARTED,
        new HostFacts(
            "bench", "Xeon", 2, 2, 1, 24L << 30, "Linux", "Debian 12", "6.1.0", "vda", "host"),
        new DatabaseFacts(
            "mariadb",
            "11.4.5-MariaDB",
            "innodb",
            "/opt/m",
            "embedded",
            "my.cnf",
            "run.cnf",
            "[mysqld]\nport=3306\npassword=***\n",
            Map.of("version", "11.4.5-MariaDB")));
  }

  /** A sample with every field set (TestEvents). */
  static Sample sample() {
    return (Sample) TestEvents.everyFieldSet(EventKind.SAMPLE);
  }

  static IterationFinished iterationFinished() {
    return new IterationFinished(
        null,
        "e4",
        "run-1",
        NOW,
        STARTED,
        4,
        1,
        IterationFinished.Status.completed,
        10.0,
        List.of(new IterationValue("TPS", 640.22, "tx/s", "loadgen:exact")),
        List.of(
            new TransactionTiming(
                "NEWORD", 100, 1, 2.0, 3, 200.0, 2, 2.5, 2.9, 0.4, 61.2, "ms", "ms", null, null,
                null, null)));
  }

  static RunFinished runFinished() {
    return new RunFinished(null, "e5", "run-1", NOW, STARTED, RunFinished.Status.completed, null);
  }

  private void assertRoundTrip(Event event) throws InvalidEventException {
    byte[] json = codec.encode(event);
    Event back = codec.decode(json);
    assertEquals(event, back);
    assertEquals(EventKind.of(event).schemaId(), back.schema());
  }

  @Test
  void runStartedRoundTripsThroughItsSchema() throws Exception {
    assertRoundTrip(runStarted());
  }

  @Test
  void aRunsTestbedRoundTripsAndAStartWrittenWithoutOneReadsAsUnknown() throws Exception {
    RunStarted onDb1 = runStarted().withTestbed("db1");
    assertRoundTrip(onDb1);
    assertTrue(codec.encodeToString(onDb1).contains("\"testbed\":\"db1\""));
    ObjectNode old = (ObjectNode) EventCodec.mapper().readTree(codec.encode(onDb1));
    old.remove("testbed");
    assertEquals(null, ((RunStarted) codec.decode(old)).testbed());
    assertEquals(null, runStarted().withTestbed("  ").testbed(), "blank is unknown");
  }

  @Test
  void aHostsTestbedIsItsNameCpuModelAndLogicalCpusButNotItsRam() {
    HostFacts db1 =
        new HostFacts(
            "db1", "Xeon Gold 6230", 40, 20, 2, 1L << 37, "Linux", "12", "6.1", "nvme", "host");
    assertEquals("db1 (Xeon Gold 6230, 40 CPUs)", db1.testbed());
    HostFacts upgraded =
        new HostFacts(
            "db1", "Xeon Gold 6230", 40, 20, 2, 1L << 38, "Linux", "13", "6.6", "nvme", "host");
    assertEquals(db1.testbed(), upgraded.testbed());
    assertEquals(
        "db2",
        new HostFacts("db2", null, null, null, null, null, null, null, null, null, null).testbed());
    assertEquals(
        null,
        new HostFacts(null, "x", 4, null, null, null, null, null, null, null, null).testbed());
    assertEquals(
        null,
        new HostFacts(" Unknown ", "x", 4, null, null, null, null, null, null, null, null)
            .testbed(),
        "an import's placeholder host names no machine");
  }

  @Test
  void environmentSnapshotRoundTripsThroughItsSchema() throws Exception {
    assertRoundTrip(environment());
  }

  @Test
  void sampleRoundTripsThroughItsSchema() throws Exception {
    assertRoundTrip(sample());
  }

  @Test
  void iterationFinishedRoundTripsThroughItsSchema() throws Exception {
    assertRoundTrip(iterationFinished());
  }

  @Test
  void runFinishedRoundTripsThroughItsSchema() throws Exception {
    assertRoundTrip(runFinished());
  }

  @Test
  void fieldsAreSnakeCaseWithIsoInstants() {
    String json = codec.encodeToString(sample());
    assertTrue(json.contains("\"run_id\":\"run-1\""), json);
    assertTrue(json.contains("\"emitted_at\":\"2026-03-11T13:22:25Z\""), json);
    assertTrue(json.contains("\"latency_pct_ms\":9.1"), json);
  }

  @Test
  void brokenEventFailsValidationNamingTheField() throws Exception {
    ObjectNode tree = (ObjectNode) EventCodec.mapper().readTree(codec.encode(sample()));
    tree.put("tps", "fast");
    InvalidEventException e = assertThrows(InvalidEventException.class, () -> codec.decode(tree));
    assertTrue(e.getMessage().contains("tps"), e.getMessage());
  }

  @Test
  void missingRequiredFieldIsNamed() throws Exception {
    ObjectNode tree = (ObjectNode) EventCodec.mapper().readTree(codec.encode(runStarted()));
    tree.remove("dataset");
    InvalidEventException e = assertThrows(InvalidEventException.class, () -> codec.decode(tree));
    assertTrue(e.getMessage().contains("dataset"), e.getMessage());
  }

  @Test
  void unknownSchemaVersionIsRefused() throws Exception {
    ObjectNode tree = (ObjectNode) EventCodec.mapper().readTree(codec.encode(runFinished()));
    tree.put("schema", "benchlake.run_finished/9");
    InvalidEventException e = assertThrows(InvalidEventException.class, () -> codec.decode(tree));
    assertTrue(e.getMessage().contains("unknown schema"), e.getMessage());
  }

  /** 2300 for 2025: one such event overflowed Parquet's microseconds and stopped every ingest. */
  @Test
  void timesOutside1970To2200AreRefusedNamingTheField() throws Exception {
    for (Event event : List.of(sample(), runStarted(), runFinished())) {
      for (String field : List.of("emitted_at", "started_at")) {
        for (String when : List.of("2300-01-01T00:00:00Z", "1969-12-31T23:59:59Z")) {
          ObjectNode tree = (ObjectNode) EventCodec.mapper().readTree(codec.encode(event));
          tree.put(field, when);
          byte[] bytes = EventCodec.mapper().writeValueAsBytes(tree);
          InvalidEventException e =
              assertThrows(InvalidEventException.class, () -> codec.decode(bytes), field + when);
          assertTrue(e.getMessage().contains(field + " " + when), e.getMessage());
          assertTrue(e.getMessage().contains("1970-01-01..2200-01-01"), e.getMessage());
        }
      }
      ObjectNode edge = (ObjectNode) EventCodec.mapper().readTree(codec.encode(event));
      edge.put("started_at", "2200-01-01T00:00:00Z");
      edge.put("emitted_at", "1970-01-01T00:00:00Z");
      codec.decode(EventCodec.mapper().writeValueAsBytes(edge)); // the bounds themselves pass
    }
  }

  @Test
  void notJsonIsRefused() {
    InvalidEventException e =
        assertThrows(
            InvalidEventException.class,
            () -> codec.decode("{not json".getBytes(StandardCharsets.UTF_8)));
    assertTrue(e.getMessage().startsWith("not JSON"), e.getMessage());
  }

  @Test
  void unknownFieldsAreIgnoredSoEventsEvolveAdditively() throws Exception {
    ObjectNode tree = (ObjectNode) EventCodec.mapper().readTree(codec.encode(runFinished()));
    tree.put("a_field_from_the_future", 42);
    assertEquals(runFinished(), codec.decode(tree));
  }

  @Test
  void aFigureTheRecordHoldsAsANumberMayNotBeLeftOut() throws Exception {
    // Bound, the missing share or time would read as 0: the schema refuses the event instead.
    ObjectNode sample = (ObjectNode) EventCodec.mapper().readTree(codec.encode(sample()));
    ((ObjectNode) sample.get("host_cpu")).remove("iowait_pct");
    InvalidEventException cpu =
        assertThrows(
            InvalidEventException.class,
            () -> codec.decode(EventCodec.mapper().writeValueAsBytes(sample)));
    assertTrue(cpu.getMessage().contains("iowait_pct"), cpu.getMessage());
    ObjectNode finished =
        (ObjectNode) EventCodec.mapper().readTree(codec.encode(iterationFinished()));
    ((ObjectNode) finished.get("timings").get(0)).remove("p99");
    InvalidEventException timing =
        assertThrows(
            InvalidEventException.class,
            () -> codec.decode(EventCodec.mapper().writeValueAsBytes(finished)));
    assertTrue(timing.getMessage().contains("p99"), timing.getMessage());
  }
}
