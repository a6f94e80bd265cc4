package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventLog;
import io.benchlake.bus.PublisherRegistry;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.FlinkCluster;
import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** benchlake ingest: Kafka → Flink → Parquet, from where the last ingest stopped. */
@Command(
    name = "ingest",
    mixinStandardHelpOptions = true,
    description = "Ingest new events of the event log into the Parquet warehouse (batch).")
final class IngestCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  IngestCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Mixin BusOptions bus;

  @Option(
      names = "--parallelism",
      defaultValue = "2",
      description = "Flink parallelism (default: ${DEFAULT-VALUE}).")
  int parallelism;

  @Option(
      names = "--rebuild",
      description =
          "Replay the whole event log from offset 0 into a new warehouse, which replaces the"
              + " current one only when the log was read to its end and holds at least what the"
              + " current one committed.")
  boolean rebuild;

  @Option(
      names = "--accept-log-start",
      description =
          "With --rebuild: accept that the event log no longer starts at offset 0 (its first"
              + " events were deleted on purpose): the warehouse is rebuilt from what the log holds,"
              + " and later ingests hold the log to its new start.")
  boolean acceptLogStart;

  @Option(
      names = "--follow",
      description =
          "Keep ingesting as events arrive, each time the log's end moves, until Ctrl-C; a later"
              + " batch ingest continues from where it stopped.")
  boolean follow;

  @Option(
      names = "--poll",
      defaultValue = "1s",
      description = "With --follow: how often to look for new events (default: ${DEFAULT-VALUE}).")
  String poll;

  @Option(
      names = "--compact-above",
      defaultValue = "" + IngestService.DEFAULT_COMPACT_ABOVE,
      description =
          "Rewrite a month partition of a table as one file when it has more files than this"
              + " (default: ${DEFAULT-VALUE}).")
  int compactAbove;

  @Option(
      names = "--flink-rest",
      paramLabel = "URL",
      description =
          "Run the job on a Flink cluster (its JobManager's REST address, e.g."
              + " http://flink:8081) instead of in this process; its task managers must reach the"
              + " broker and see the warehouse directory.")
  java.net.URI flinkRest;

  @Override
  public Integer call() throws Exception {
    if (acceptLogStart && (follow || !rebuild)) {
      throw new io.benchlake.home.BadInputException(
          "--accept-log-start goes with --rebuild (and not --follow): a new log start is accepted"
              + " by rebuilding the warehouse from what the log holds");
    }
    if (compactAbove < 2) {
      throw new io.benchlake.home.BadInputException(
          "--compact-above must be at least 2, was " + compactAbove);
    }
    Warehouse warehouse = Warehouse.of(home);
    try (EventBus connection = bus.connect(home);
        // Follow mode keeps one MiniCluster for all its jobs: no start-up per ingest. A batch
        // ingest starts one per job: a job that ran again on a cluster that had run one met the
        // hybrid shuffle's release race far more often (LocalFlink.isReleaseRace), and a tiny
        // ingest (one refused event) then failed all its attempts under load.
        FlinkCluster flink =
            flinkRest != null
                ? FlinkCluster.remote(flinkRest, parallelism, FlinkCluster.jobJars())
                : follow ? FlinkCluster.shared(parallelism, 1) : FlinkCluster.perJob(parallelism)) {
      IngestService service = new IngestService(flink, compactAbove);
      // each commit that added results is evaluated for alerts (docs/alerts.md); --rebuild replays
      service.onCommit(new AlertsAfterIngest(home, warehouse, connection.bootstrap(), service));
      // A killed import's transaction would hold every later event back: end it first.
      PublisherRegistry.fenceDead(PublisherRegistry.dir(home), connection.bootstrap());
      EventLog.heldBackNotice(connection.bootstrap()).ifPresent(System.out::println);
      if (follow) {
        // no histories read again here: a followed run commits at every poll, and reading them at
        // each would compete with the benchmark for the cores; its next `changes` reads its own
        return IngestConsole.follow(
            service, connection.bootstrap(), warehouse, pollInterval(), flink);
      }
      IngestService.Result r =
          service.ingest(connection.bootstrap(), warehouse, rebuild, acceptLogStart);
      if (r.nothingNew()) {
        System.out.println("Nothing new since ingest " + r.seq() + ".");
      }
      if (rebuild) {
        System.out.println(
            "Rebuilt the warehouse from "
                + r.eventsRead()
                + " events, read to the log's end offsets (partition: offset) "
                + warehouse.current().readUpTo()
                + ".");
      }
      if (acceptLogStart) {
        System.out.println(
            "Accepted the event log's start (partition: first offset kept) "
                + warehouse.current().logStart()
                + ": the events before it are gone for good, and later ingests refuse a log that"
                + " starts later still.");
      }
      IngestConsole.print(r);
      CachedHistories.refreshAfter(r, home, warehouse);
      // Exit 4: finished, but some events went to the dead-letter topic (`benchlake dlq`).
      return r.refused().isEmpty() ? 0 : 4;
    }
  }

  private java.time.Duration pollInterval() {
    try {
      double seconds = io.benchlake.core.Durations.seconds(poll);
      return java.time.Duration.ofMillis(Math.max(100, Math.round(seconds * 1000)));
    } catch (IllegalArgumentException e) {
      throw new io.benchlake.home.BadInputException("--poll: " + e.getMessage());
    }
  }
}
