package io.benchlake.loadgen.plan;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.run.BenchmarkRun;
import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.run.RunProgress;
import io.benchlake.loadgen.run.ServerConnections;
import io.benchlake.loadgen.server.ServerTurn;
import io.benchlake.loadgen.server.ServerUnderTest;
import io.benchlake.schemas.Event;
import java.io.PrintStream;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Runs a plan: each dataset in turn gets its server (embedded, started and stopped here; or a JDBC
 * URL), its tables, and one run over the ladder, published as events. With restart-between-threads
 * the server is restarted before each thread count, the run id staying the same.
 */
public final class PlanRunner {
  private final BenchlakeHome home;
  private final Consumer<Event> events;
  private final Runnable flush;
  private final PrintStream out;
  private final ServerTurn turn;

  /** {@code flush} must return only once every event handed to {@code events} is stored. */
  public PlanRunner(BenchlakeHome home, Consumer<Event> events, Runnable flush, PrintStream out) {
    this(home, events, flush, out, true);
  }

  /**
   * As {@link #PlanRunner(BenchlakeHome, Consumer, Runnable, PrintStream)}; a server another
   * process of the home is using is waited for (saying so on {@code out}) when {@code
   * waitForServer}, else refused.
   */
  public PlanRunner(
      BenchlakeHome home,
      Consumer<Event> events,
      Runnable flush,
      PrintStream out,
      boolean waitForServer) {
    this.home = home;
    this.events = events;
    this.flush = flush;
    this.out = out;
    this.turn = waitForServer ? new ServerTurn(true, out::println) : ServerTurn.REFUSE;
  }

  /**
   * Fails before anything starts for a dataset that cannot be run: unknown version, no password.
   */
  public static void check(BenchmarkPlan plan) {
    plan.datasets().forEach(d -> d.server().check());
  }

  public List<BenchmarkRun.Outcome> run(BenchmarkPlan plan, PlanState state)
      throws SQLException, InterruptedException {
    check(plan);
    List<BenchmarkRun.Outcome> outcomes = new ArrayList<>();
    for (int i = 0; i < plan.datasets().size(); i++) {
      DatasetSpec d = plan.datasets().get(i);
      RunPlan run = plan.run().withDataset(d.label());
      RunProgress progress = flushedFirst(state.progress(i));
      out.printf("%n== dataset %d of %d: %s ==%n", i + 1, plan.datasets().size(), describe(d));
      if (!plan.restartBetweenThreads()) {
        outcomes.add(once(d, run, progress, plan.prepare(), plan.cleanup()));
        continue;
      }
      BenchmarkRun.Outcome last = null;
      List<Integer> ladder = run.threads();
      for (int t = 0; t < ladder.size(); t++) {
        out.printf("-- server (re)started for %d threads --%n", ladder.get(t));
        last =
            once(
                d,
                run.withThreads(List.of(ladder.get(t))),
                progress,
                plan.prepare() && t == 0,
                plan.cleanup() && t == ladder.size() - 1);
      }
      outcomes.add(last);
    }
    return outcomes;
  }

  /** What sysbench's commands other than run do to a workload's tables. */
  public enum TableCommand {
    PREPARE,
    PREWARM,
    CLEANUP
  }

  /**
   * Only makes, prewarms or drops each dataset's tables, as sysbench's prepare, prewarm and cleanup
   * commands do: no run, no events.
   */
  public void tables(BenchmarkPlan plan, TableCommand command) throws SQLException {
    check(plan);
    for (DatasetSpec d : plan.datasets()) {
      out.printf("%n== %s ==%n", describe(d));
      RunPlan run = plan.run().withDataset(d.label());
      try (ServerUnderTest server = start(d)) {
        ServerConnections connections =
            ServerConnections.open(server, run.options().connectionProperties());
        BenchmarkRun benchmark = new BenchmarkRun(run, server, events, out);
        switch (command) {
          case PREPARE -> benchmark.prepare(connections);
          case PREWARM -> benchmark.prewarm(connections);
          case CLEANUP -> benchmark.cleanup(connections);
        }
      }
    }
  }

  private BenchmarkRun.Outcome once(
      DatasetSpec d, RunPlan run, RunProgress progress, boolean prepare, boolean cleanup)
      throws SQLException, InterruptedException {
    if (allDone(run, progress)) {
      out.printf("every cell of threads %s is done in an earlier run: skipped%n", run.threads());
      return new BenchmarkRun.Outcome(progress.resumes().orElseThrow().runId(), d.label());
    }
    try (ServerUnderTest server = start(d)) {
      ServerConnections connections =
          ServerConnections.open(server, run.options().connectionProperties());
      BenchmarkRun benchmark = new BenchmarkRun(run, server, events, out);
      if (prepare) {
        benchmark.prepare(connections);
      } else {
        benchmark.requireData(connections);
      }
      BenchmarkRun.Outcome outcome;
      try {
        outcome = benchmark.execute(connections, progress);
      } finally {
        flush.run();
      }
      if (cleanup) {
        benchmark.cleanup(connections);
      }
      return outcome;
    }
  }

  private static boolean allDone(RunPlan run, RunProgress progress) {
    for (int threads : run.threads()) {
      for (int i = 1; i <= run.iterations(); i++) {
        if (!progress.done(threads, i)) {
          return false;
        }
      }
    }
    return true;
  }

  private ServerUnderTest start(DatasetSpec d) {
    return d.server().start(home, turn);
  }

  private static String describe(DatasetSpec d) {
    String server = d.server().describe();
    return d.label() == null ? server : d.label() + " (" + server + ")";
  }

  /** A cell counts as done only once its events are stored, so a crash never skips a cell. */
  private RunProgress flushedFirst(RunProgress progress) {
    return new RunProgress() {
      @Override
      public Optional<Resumed> resumes() {
        return progress.resumes();
      }

      @Override
      public boolean done(int threads, int iteration) {
        return progress.done(threads, iteration);
      }

      @Override
      public void completed(String runId, Instant startedAt, int threads, int iteration) {
        flush.run();
        progress.completed(runId, startedAt, threads, iteration);
      }
    };
  }
}
