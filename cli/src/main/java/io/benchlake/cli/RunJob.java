package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.LoadGenerator;
import io.benchlake.loadgen.plan.BenchmarkPlan;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/** Publishes a plan's runs to the event log; a plan file's progress is kept for a rerun. */
final class RunJob {
  private final BenchlakeHome home;
  private final PrintStream out;
  private final boolean waitForServer;

  RunJob(BenchlakeHome home, PrintStream out, boolean waitForServer) {
    this.home = home;
    this.out = out;
    this.waitForServer = waitForServer;
  }

  void run(BenchmarkPlan plan, Path planFile, BusOptions busOptions) throws Exception {
    LoadGenerator.check(plan); // before the broker starts
    Optional<Path> stateFile = Optional.ofNullable(planFile).map(f -> stateFile(f, plan));
    if (LoadGenerator.resumes(stateFile)) {
      out.println("Continuing the plan where it stopped (" + stateFile.get() + ")");
    }
    try (EventBus bus = busOptions.connect(home);
        EventPublisher publisher = new EventPublisher(bus.bootstrap())) {
      out.printf("Event log: Kafka at %s%n", bus.bootstrap());
      List<LoadGenerator.PublishedRun> outcomes =
          new LoadGenerator(home, publisher::publish, publisher::flush, out, waitForServer)
              .run(plan, stateFile);
      out.println();
      for (LoadGenerator.PublishedRun o : outcomes) {
        out.printf("Published run %s (%s)%n", o.runId(), o.dataset() == null ? "" : o.dataset());
      }
      out.println(
          "Next: benchlake ingest, then benchlake report --test " + LoadGenerator.testName(plan));
    }
  }

  /**
   * sysbench's prepare, prewarm or cleanup command alone: every dataset's tables are made, read
   * into the buffer pool, or dropped. Nothing is measured, so nothing is published and no broker is
   * needed.
   */
  LoadGenerator tables() {
    return LoadGenerator.tablesOnly(home, out, waitForServer);
  }

  /** One state file per plan file and resolved plan: a changed plan starts afresh. */
  private Path stateFile(Path planFile, BenchmarkPlan plan) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(plan.toString().getBytes(StandardCharsets.UTF_8));
      String name = planFile.getFileName().toString().replaceAll("\\.ya?ml$", "");
      return home.root()
          .resolve("plans")
          .resolve(name + "-" + HexFormat.of().formatHex(digest, 0, 6) + ".json");
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
