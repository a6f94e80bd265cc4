package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.RandomKeys;
import io.benchlake.loadgen.workload.TimeProfile;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;

/**
 * Runs one iteration: N worker threads, each holding one connection, run transactions until the
 * deadline while a reporter takes an interval snapshot every report interval. The totals are the
 * sums of the measured intervals, so they are exact and agree with the samples. Its parts: each
 * worker's {@link WorkerLoop} paced by {@link Bounds}, the {@link Counters} they write, the
 * reporter's {@link IntervalSnapshots}, and the {@link ForcedShutdown} that ends a hung iteration.
 */
final class IterationDriver {
  private static final long NANOS = 1_000_000_000L;

  private final WorkerConnections connections;
  private final Workload workload;
  private final RunPlan plan;
  private final Consumer<IntervalReport> onInterval;
  private final WorkerLoop loop;

  IterationDriver(
      WorkerConnections connections,
      Workload workload,
      RunPlan plan,
      Consumer<IntervalReport> onInterval) {
    this.connections = connections;
    this.workload = workload;
    this.plan = plan;
    this.onInterval = onInterval;
    this.loop = new WorkerLoop(connections, workload, plan);
  }

  IterationResult run(int threads, int iteration, long seed) throws InterruptedException {
    Counters interval = new Counters(threads);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<String> failure = new AtomicReference<>();
    AtomicInteger live = new AtomicInteger(threads);
    long intervalNanos = (long) (plan.reportIntervalS() * NANOS);
    int warmupTicks = (int) Math.ceil(plan.warmupS() / plan.reportIntervalS());
    List<Worker> specs = workers(threads, seed);
    List<TimeProfile> profiles = specs.stream().map(Worker::profile).toList();
    Session[] sessions;
    try {
      sessions = openSessions(specs);
    } catch (SQLException e) {
      return failed(threads, iteration, "cannot connect the workers: " + ErrorClass.describe(e));
    }
    long start = System.nanoTime();
    long measuredFrom = start + warmupTicks * intervalNanos;
    long deadline =
        plan.durationS() == 0 ? Long.MAX_VALUE : measuredFrom + (long) (plan.durationS() * NANOS);
    // Shared by the workers only when --events bounds them, as sysbench's event counter.
    AtomicLong budget = plan.events() > 0 ? new AtomicLong(plan.events()) : null;
    Arrivals arrivals = plan.rate() > 0 ? new Arrivals(plan.rate(), start, seed) : null;
    long[] events = new long[threads];
    long[] busyNanos = new long[threads];
    // each worker's connection of the moment, for a forced shutdown to cut
    AtomicReferenceArray<Connection> current = new AtomicReferenceArray<>(threads);

    List<Thread> workers = new ArrayList<>();
    for (int w = 0; w < threads; w++) {
      Worker worker = specs.get(w);
      Session session = sessions[w];
      Thread thread =
          new Thread(
              () -> {
                // sysbench's "thds:" counts the threads still running: one that died of an error
                // drops out at once; at the iteration's end the last line still shows them all.
                boolean endedCleanly = false;
                try {
                  endedCleanly =
                      loop.work(
                          worker,
                          session,
                          new Bounds(deadline, measuredFrom, budget, arrivals, stop),
                          current,
                          failure,
                          interval.of(worker.index()),
                          events,
                          busyNanos);
                } finally {
                  if (!endedCleanly) {
                    live.decrementAndGet();
                  }
                }
              },
              "worker-" + threads + "-" + (w + 1));
      workers.add(thread);
    }
    IntervalSnapshots snapshots;
    try {
      snapshots =
          new IntervalSnapshots(
              threads,
              new IntervalSnapshots.Schedule(start, intervalNanos, warmupTicks, deadline),
              System::nanoTime,
              interval,
              live,
              workload.counters(),
              connections,
              onInterval);
    } catch (SQLException e) {
      Session.closeAll(sessions);
      return failed(
          threads, iteration, "cannot read the server's counters: " + ErrorClass.describe(e));
    }
    // The reporter and the monitor connection end on every path (the reporter first: the last
    // snapshot reads the monitor); an interrupt also stops the workers, each closing its session.
    try (snapshots) {
      try (Reporter reporter = Reporter.every(intervalNanos, snapshots::take)) {
        WarmupRamp.of(threads, measuredFrom - start, Runtime.getRuntime().availableProcessors())
            .start(workers, start, live, stop);
        ForcedShutdown.awaitWorkers(
            workers, deadline, current, stop, failure, plan.forcedShutdownS());
        long workersDone = System.nanoTime();
        profiles.forEach(p -> p.end(workersDone));
      } finally {
        stop.set(true);
      }
      snapshots.takeLast();
    }
    return result(threads, iteration, snapshots, events, busyNanos, profiles, failure.get());
  }

  /** Each worker's spec: its index, its own random keys from the iteration's seed, its profile. */
  private List<Worker> workers(int threads, long seed) {
    List<Worker> specs = new ArrayList<>();
    for (int w = 0; w < threads; w++) {
      specs.add(
          new Worker(
              w,
              threads,
              new RandomKeys(new SplittableRandom(seed * 1_000_003L + w), plan.options().rand()),
              new TimeProfile()));
    }
    return specs;
  }

  /**
   * Every worker connects and prepares its statements before the clock starts, as sysbench's
   * threads do before "Threads started!"; on a failure the sessions opened so far are closed.
   */
  private Session[] openSessions(List<Worker> specs) throws SQLException {
    Session[] sessions = new Session[specs.size()];
    try {
      for (int w = 0; w < specs.size(); w++) {
        sessions[w] = Session.open(connections, workload, specs.get(w));
      }
      return sessions;
    } catch (SQLException e) {
      Session.closeAll(sessions);
      throw e;
    }
  }

  /** The iteration's totals: the sums of its measured intervals, and each worker's own tallies. */
  private static IterationResult result(
      int threads,
      int iteration,
      IntervalSnapshots snapshots,
      long[] events,
      long[] busyNanos,
      List<TimeProfile> profiles,
      String failure) {
    double clientCpuS =
        (IntervalSnapshots.processCpuNanos() - snapshots.measuredCpuStart) / (double) NANOS;
    List<Long> perThread = new ArrayList<>();
    List<Double> busy = new ArrayList<>();
    for (int w = 0; w < threads; w++) {
      perThread.add(events[w]);
      busy.add(busyNanos[w] / (double) NANOS);
    }
    long end = snapshots.lastTick;
    Counters.Totals t = snapshots.measured;
    return new IterationResult(
        threads,
        iteration,
        t.transactions,
        t.reads,
        t.writes,
        t.other,
        t.errors,
        t.reconnects,
        (end - snapshots.measuredStart) / (double) NANOS,
        snapshots.measuredLatency,
        perThread,
        busy,
        clientCpuS,
        snapshots.measuredPerMinute(),
        profiles,
        Optional.ofNullable(failure));
  }

  /** An iteration that could not start. */
  private IterationResult failed(int threads, int iteration, String reason) {
    return new IterationResult(
        threads,
        iteration,
        0,
        0,
        0,
        0,
        0,
        0,
        0,
        new Histogram(3),
        List.of(),
        List.of(),
        0,
        Map.of(),
        List.of(),
        Optional.of(reason));
  }
}
