package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Events for tests, built by name with defaults (as flink-training's test ride events are): {@link
 * #sample()} is a measured one-second interval of run {@link #RUN_ID} that tests set by name, and
 * {@link #everyFieldSet(EventKind)} an event of each kind with every field it has set, for the
 * tests that hold a kind's shape (codec, rows). A new kind does not compile here until it has one.
 */
public final class TestEvents {
  /** The run every event here belongs to unless a test names another. */
  public static final String RUN_ID = "run-1";

  /** When that run started (and, unless a test says otherwise, when its events were emitted). */
  public static final Instant STARTED_AT = Instant.parse("2026-03-11T13:22:25Z");

  private static int next;

  private TestEvents() {}

  /**
   * A sample of run {@link #RUN_ID}: event id {@code sample-N}, emitted at {@link #STARTED_AT}, 1
   * thread, iteration 1, measured, the interval (0 s, 1 s]; every figure absent (the required rates
   * 0) until set by name.
   */
  public static TestSample sample() {
    return new TestSample("sample-" + ++next);
  }

  /**
   * An event of {@code kind} with every field set (optional ones included) to a value of its own.
   */
  public static Event everyFieldSet(EventKind kind) {
    RunContext run = RunContext.imported(RUN_ID, STARTED_AT).emittedAt(STARTED_AT.plusSeconds(60));
    EventEnvelope at = run.event(kind.kindName());
    return switch (kind) {
      case RUN_STARTED ->
          at.runStarted(
              "MariaDB 11.4.5",
              "sysbench",
              "OLTP_RW",
              "smoke",
              "loadgen",
              new RunParameters(
                  "oltp_read_write",
                  4,
                  10_000L,
                  2,
                  10.0,
                  "s",
                  2,
                  List.of(1, 2),
                  1.5,
                  1.0,
                  "uniform"),
              List.of(new Property("Number of tables", "4")),
              "db1");
      case ENVIRONMENT_SNAPSHOT ->
          at.environment(
              new HostFacts(
                  "bench",
                  "Xeon",
                  8,
                  4,
                  1,
                  24L << 30,
                  "Linux",
                  "Debian 12",
                  "6.1.0",
                  "vda",
                  "host"),
              new DatabaseFacts(
                  "mariadb",
                  "11.4.5-MariaDB",
                  "innodb",
                  "/opt/m",
                  "embedded",
                  "my.cnf",
                  "run.cnf",
                  "[mysqld]\nport=3306\n",
                  Map.of("version", "11.4.5-MariaDB")));
      case SAMPLE ->
          sample()
              .eventId(at.eventId())
              .liveThreads(4)
              .threads(4)
              .transactions(640L)
              .tps(640)
              .qps(12800)
              .readsPs(8960.0)
              .writesPs(2560.0)
              .otherPs(1280.0)
              .latencyAvgMs(6.2)
              .latencyPct(95.0)
              .latencyPctMs(9.1)
              .latencyMaxMs(20.5)
              .errorsPs(0.5)
              .reconnectsPs(0.1)
              .nopm(100.0)
              .tpm(230.0)
              .histogram("HISTFAAAAB94nJNpmSzMwMDAxAABzFCaEUoz2X-AsQHx1gVM")
              .hostCpu(new CpuShare(40, 10, 1, 49))
              .serverCpuPct(75.0)
              .build();
      case ITERATION_FINISHED ->
          at.iterationFinished(
              4,
              1,
              IterationFinished.Status.completed,
              60.0,
              List.of(new IterationValue("TPS", 640.5, "tx/s", "loadgen:exact")),
              List.of(
                  new TransactionTiming(
                      "NEWORD", 100, 1, 2.0, 3, 200.0, 2, 2.5, 2.9, 0.4, 61.2, "ms", "ms", 3,
                      1000.0, 2.2, 1.8)),
              Map.of("Com_commit", 10L),
              Map.of("Com_commit", 650L));
      case RUN_FINISHED ->
          at.runFinished(
              RunFinished.Status.failed,
              "the server went away",
              List.of(new Property("Checksum after run", "ok")));
      case ANNOTATION -> at.annotation(4, 2, Annotation.Action.exclude, "noisy neighbour", "ann");
      case SOURCE_STATISTICS ->
          at.sourceStatistics(
              "TPS",
              "taf-report",
              List.of("TPS by Thread Count - OLTP_RW"),
              List.of(new PrintedStatistic(4, "mean", 640.25, 2)));
      // the kinds that belong to no run have factories of their own
      case ALIAS -> Alias.of(Alias.Kind.test, "oltp_rw.lua", "OLTP_RW", "ann", STARTED_AT);
      case RETRACTION -> at.retraction("read again", List.of("run-2"), List.of("sysbench-4.log"));
      case RUN_SOURCE ->
          at.runSource(
              "sysbench",
              3,
              List.of(new RunSource.SourceDigest("sysbench-4.log", "ab".repeat(32), "logs/4.log")),
              "dataset A, test OLTP_RW");
      case ACKNOWLEDGEMENT ->
          Acknowledgement.of("benchlake.events/0@42", "a test's own event", STARTED_AT);
      case ALERT ->
          new Alert(
              null,
              at.eventId(),
              "alert-1",
              STARTED_AT,
              STARTED_AT,
              Alert.Change.raised,
              Alert.Kind.regression,
              "down",
              "OLTP_RW",
              "TPS",
              4,
              "db1",
              "open",
              "run-2",
              STARTED_AT.plusSeconds(3600),
              "summary-1",
              "11.4.5",
              7,
              "a drop of 12% past the noise",
              new Alert.Provenance(
                  "segments",
                  "min 3",
                  List.of("run-0"),
                  List.of("run-2"),
                  STARTED_AT.minusSeconds(86_400),
                  STARTED_AT.plusSeconds(3600),
                  -12.5,
                  -15.0,
                  -10.0,
                  0.001,
                  2.0,
                  640.0,
                  560.0,
                  List.of("version 11.4.4 -> 11.4.5")));
      case ALERT_STATE ->
          new AlertState(
              null,
              at.eventId(),
              "alert-1",
              STARTED_AT,
              STARTED_AT,
              AlertState.State.acknowledged,
              "https://example.org/1",
              "seen",
              "ann");
    };
  }
}
