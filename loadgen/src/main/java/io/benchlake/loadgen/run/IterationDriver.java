package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.RandomKeys;
import io.benchlake.loadgen.workload.ServerCounter;
import io.benchlake.loadgen.workload.TimeProfile;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one iteration: N worker threads, each holding one connection, run transactions until the
 * deadline while a reporter takes an interval snapshot every report interval. The totals are the
 * sums of the measured intervals, so they are exact and agree with the samples.
 */
final class IterationDriver {
  private static final long NANOS = 1_000_000_000L;
  private static final Logger LOG = LoggerFactory.getLogger(IterationDriver.class);

  /** How long workers cut off by a forced shutdown get to end before they are left behind. */
  private static final long CUT_WAIT_NANOS = 10 * NANOS;

  private final WorkerConnections connections;
  private final Workload workload;
  private final RunPlan plan;
  private final Consumer<IntervalReport> onInterval;

  IterationDriver(
      WorkerConnections connections,
      Workload workload,
      RunPlan plan,
      Consumer<IntervalReport> onInterval) {
    this.connections = connections;
    this.workload = workload;
    this.plan = plan;
    this.onInterval = onInterval;
  }

  IterationResult run(int threads, int iteration, long seed) throws InterruptedException {
    Counters interval = new Counters(threads);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<String> failure = new AtomicReference<>();
    AtomicInteger live = new AtomicInteger(threads);
    long intervalNanos = (long) (plan.reportIntervalS() * NANOS);
    int warmupTicks = (int) Math.ceil(plan.warmupS() / plan.reportIntervalS());
    List<TimeProfile> profiles = new ArrayList<>();
    List<Worker> specs = new ArrayList<>();
    for (int w = 0; w < threads; w++) {
      TimeProfile profile = new TimeProfile();
      profiles.add(profile);
      specs.add(
          new Worker(
              w,
              threads,
              new RandomKeys(new SplittableRandom(seed * 1_000_003L + w), plan.options().rand()),
              profile));
    }
    // Every worker connects and prepares its statements before the clock starts, as sysbench's
    // threads do before "Threads started!".
    Session[] sessions = new Session[threads];
    try {
      for (int w = 0; w < threads; w++) {
        sessions[w] = Session.open(connections, workload, specs.get(w));
      }
    } catch (SQLException e) {
      Session.closeAll(sessions);
      return failed(threads, iteration, "cannot connect the workers: " + describe(e));
    }
    long start = System.nanoTime();
    long deadline =
        plan.durationS() == 0
            ? Long.MAX_VALUE
            : start + warmupTicks * intervalNanos + (long) (plan.durationS() * NANOS);
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
                      work(
                          worker,
                          session,
                          new Bounds(deadline, budget, arrivals, stop),
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
    Snapshots snapshots;
    try {
      snapshots = new Snapshots(threads, warmupTicks, start, interval, live);
    } catch (SQLException e) {
      Session.closeAll(sessions);
      return failed(threads, iteration, "cannot read the server's counters: " + describe(e));
    }
    ScheduledExecutorService reporter =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "reporter");
              t.setDaemon(true);
              return t;
            });
    workers.forEach(Thread::start);
    reporter.scheduleAtFixedRate(
        snapshots::take, intervalNanos, intervalNanos, TimeUnit.NANOSECONDS);
    awaitWorkers(workers, deadline, current, stop, failure);
    long workersDone = System.nanoTime();
    profiles.forEach(p -> p.end(workersDone));
    reporter.shutdown();
    reporter.awaitTermination(10, TimeUnit.SECONDS);
    snapshots.takeLast();
    snapshots.closeMonitor();
    double clientCpuS = (processCpuNanos() - snapshots.measuredCpuStart) / (double) NANOS;
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
        Optional.ofNullable(failure.get()));
  }

  /** A worker's connection and its prepared statements. */
  private record Session(Connection connection, Transaction transaction) {
    static Session open(WorkerConnections connections, Workload workload, Worker worker)
        throws SQLException {
      Connection connection = connections.worker();
      try {
        return new Session(connection, workload.newTransaction(connection, worker));
      } catch (SQLException | RuntimeException e) {
        closeQuietly(null, connection);
        throw e;
      }
    }

    static void closeAll(Session[] sessions) {
      for (Session session : sessions) {
        if (session != null) {
          closeQuietly(session.transaction(), session.connection());
        }
      }
    }
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

  /** CPU time of this whole process (workers, reporter, GC, JIT, publishing), in nanoseconds. */
  private static long processCpuNanos() {
    var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }

  /** When a worker stops: the deadline, the shared event budget, or another worker's failure. */
  private record Bounds(long deadline, AtomicLong budget, Arrivals arrivals, AtomicBoolean stop) {
    /** The time the next transaction is due, or -1 when the worker is to stop. */
    long next() {
      if (stop.get() || (budget != null && budget.getAndDecrement() <= 0)) {
        return -1;
      }
      long now = System.nanoTime();
      if (arrivals == null) {
        return now < deadline ? now : -1;
      }
      long due = arrivals.next();
      if (due >= deadline) {
        return -1;
      }
      while (due > now) {
        LockSupport.parkNanos(due - now);
        now = System.nanoTime();
      }
      return due;
    }
  }

  /**
   * sysbench's --rate: transactions arrive at exponentially distributed intervals whatever the
   * server does, and latency is counted from the arrival, so time spent queued shows (no
   * coordinated omission).
   */
  private static final class Arrivals {
    private final double meanGapNanos;
    private final SplittableRandom random;
    private long next;

    Arrivals(double rate, long start, long seed) {
      this.meanGapNanos = NANOS / rate;
      this.random = new SplittableRandom(seed ^ 0x5DEECE66DL);
      this.next = start;
    }

    synchronized long next() {
      next += (long) (-Math.log(1.0 - random.nextDouble()) * meanGapNanos);
      return next;
    }
  }

  /**
   * Runs one worker's transactions until the iteration ends; false when this worker stopped on an
   * error of its own.
   */
  private boolean work(
      Worker worker,
      Session session,
      Bounds bounds,
      AtomicReferenceArray<Connection> current,
      AtomicReference<String> failure,
      Counters.Count count,
      long[] events,
      long[] busyNanos) {
    int index = worker.index();
    // Counted here and handed over at the end: the arrays' elements of all workers share cache
    // lines, which every event written to them would move between the cores.
    long done = 0;
    long busy = 0;
    Connection connection = session.connection();
    current.set(index, connection);
    Transaction transaction = session.transaction();
    boolean aborted = false;
    try {
      long t0;
      while ((t0 = bounds.next()) >= 0) {
        try {
          QueryCounts q = transaction.execute();
          long took = System.nanoTime() - t0;
          count.add(q, took);
          done++;
          busy += took;
          transaction.pause(bounds.deadline());
        } catch (SQLException e) {
          busy += System.nanoTime() - t0;
          if (bounds.stop().get() && failure.get() != null) {
            aborted = true; // cut off by a forced shutdown, or ended by another worker's failure
            break;
          }
          switch (ErrorClass.of(e, plan.ignoreErrors())) {
            case RETRY -> {
              count.add(Counters.ERRORS, 1);
              transaction.rollback();
            }
            case RECONNECT -> {
              count.add(Counters.RECONNECTS, 1);
              closeQuietly(transaction, connection);
              // With a timeout: the server may be gone for good. This worker's reads then poll.
              connection = connections.getConnection();
              current.set(index, connection);
              transaction = workload.newTransaction(connection, worker);
            }
            case ABORT -> {
              failure.compareAndSet(null, describe(e));
              bounds.stop().set(true);
              aborted = true;
            }
          }
        }
      }
      QueryCounts last = transaction.finish();
      count.add(Counters.READS, last.reads());
      count.add(Counters.WRITES, last.writes());
      count.add(Counters.OTHER, last.other());
      return !aborted;
    } catch (SQLException e) {
      failure.compareAndSet(null, describe(e));
      bounds.stop().set(true);
      return false;
    } finally {
      events[index] = done;
      busyNanos[index] = busy;
      closeQuietly(transaction, connection);
    }
  }

  /**
   * Waits for the workers to end. With --forced-shutdown, workers still in a transaction that long
   * after the time limit have their connections cut (the server is asked to kill them) and the
   * iteration fails, as sysbench's forced shutdown ends its run: a server that hangs cannot hold a
   * bounded benchmark forever.
   */
  private void awaitWorkers(
      List<Thread> workers,
      long deadline,
      AtomicReferenceArray<Connection> current,
      AtomicBoolean stop,
      AtomicReference<String> failure)
      throws InterruptedException {
    if (plan.forcedShutdownS() < 0 || deadline == Long.MAX_VALUE) {
      for (Thread worker : workers) {
        worker.join();
      }
      return;
    }
    long forceAt = deadline + (long) (plan.forcedShutdownS() * NANOS);
    for (Thread worker : workers) {
      TimeUnit.NANOSECONDS.timedJoin(worker, Math.max(1, forceAt - System.nanoTime()));
    }
    List<Integer> stuck = new ArrayList<>();
    for (int w = 0; w < workers.size(); w++) {
      if (workers.get(w).isAlive()) {
        stuck.add(w);
      }
    }
    if (stuck.isEmpty()) {
      return;
    }
    failure.compareAndSet(
        null,
        String.format(
            Locale.ROOT,
            "forced shutdown: %d of %d workers were still in a transaction %.0f s after the time"
                + " limit (--forced-shutdown)",
            stuck.size(),
            workers.size(),
            plan.forcedShutdownS()));
    stop.set(true);
    for (int w : stuck) {
      Connection c = current.get(w);
      if (c != null) {
        // on a thread of its own: asking a hung server to kill the session may hang as well
        Thread cut =
            new Thread(
                () -> {
                  try {
                    c.abort(Runnable::run);
                  } catch (SQLException | RuntimeException e) {
                    LOG.warn("could not cut worker {}'s connection: {}", w + 1, e.getMessage());
                  }
                },
                "cut-worker-" + (w + 1));
        cut.setDaemon(true);
        cut.start();
      }
    }
    long giveUpAt = System.nanoTime() + CUT_WAIT_NANOS;
    for (int w : stuck) {
      TimeUnit.NANOSECONDS.timedJoin(workers.get(w), Math.max(1, giveUpAt - System.nanoTime()));
      if (workers.get(w).isAlive()) {
        LOG.warn("worker {} did not end after its connection was cut; left behind", w + 1);
      }
    }
  }

  private static String describe(SQLException e) {
    return "SQL error " + e.getErrorCode() + " (" + e.getSQLState() + "): " + e.getMessage();
  }

  private static void closeQuietly(Transaction transaction, Connection connection) {
    try {
      if (transaction != null) {
        transaction.close();
      }
    } catch (SQLException ignored) {
      // the connection is going away anyway
    }
    try {
      if (connection != null) {
        connection.close();
      }
    } catch (SQLException ignored) {
      // nothing more to do for a broken connection
    }
  }

  /**
   * What the workers counted and the latencies they recorded, one {@link Count} each, and what the
   * reporter has taken of them. A worker only ever writes its own, so no write of one moves a cache
   * line another worker writes (the shared adders and HdrHistogram Recorder this replaces did,
   * several times per event).
   */
  private static final class Counters {
    static final int TRANSACTIONS = 0;
    static final int READS = 1;
    static final int WRITES = 2;
    static final int OTHER = 3;
    static final int ERRORS = 4;
    static final int RECONNECTS = 5;
    private static final int KINDS = 6;

    private final Count[] workers;
    private final long[][] taken;

    Counters(int workers) {
      this.workers = new Count[workers];
      this.taken = new long[workers][KINDS];
      for (int w = 0; w < workers; w++) {
        this.workers[w] = new Count();
      }
    }

    Count of(int worker) {
      return workers[worker];
    }

    /** The latencies every worker recorded since the last call (the reporter's thread only). */
    Histogram latencySinceLast() {
      Histogram sum = new Histogram(3);
      for (Count worker : workers) {
        // given back to be filled again, so that it keeps the size it grew to
        worker.recycled = worker.latency.getIntervalHistogram(worker.recycled);
        sum.add(worker.recycled);
      }
      return sum;
    }

    /** What every worker counted since the last call, per kind (the reporter's thread only). */
    long[] sinceLast() {
      long[] sum = new long[KINDS];
      for (int w = 0; w < workers.length; w++) {
        for (int k = 0; k < KINDS; k++) {
          long now = workers[w].get(k);
          sum[k] += now - taken[w][k];
          taken[w][k] = now;
        }
      }
      return sum;
    }

    /**
     * One worker's running counts, written by it alone with opaque stores (plain stores on x86) and
     * read by the reporter, in the middle of an array whose ends keep the next object's data off
     * their cache line; and its latencies, in a recorder of its own.
     */
    static final class Count {
      private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(long[].class);
      private static final int PAD = 8;
      private final long[] slots = new long[PAD + KINDS + PAD];
      private final SingleWriterRecorder latency = new SingleWriterRecorder(3);
      private Histogram recycled;

      void add(int kind, long n) {
        SLOT.setOpaque(slots, PAD + kind, (long) SLOT.getOpaque(slots, PAD + kind) + n);
      }

      /** A transaction done in {@code nanos}, with its queries. */
      void add(QueryCounts q, long nanos) {
        latency.recordValue(Math.max(1, nanos / 1000));
        add(TRANSACTIONS, 1);
        add(READS, q.reads());
        add(WRITES, q.writes());
        add(OTHER, q.other());
      }

      long get(int kind) {
        return (long) SLOT.getOpaque(slots, PAD + kind);
      }
    }

    /** Running totals of the measured intervals. */
    static final class Totals {
      long transactions;
      long reads;
      long writes;
      long other;
      long errors;
      long reconnects;
    }
  }

  /** Takes interval snapshots; the first {@code warmupTicks} of them are warm-up. */
  private final class Snapshots {
    final int threads;
    final int warmupTicks;
    final long start;
    final Counters counters;
    final AtomicInteger live;
    final Counters.Totals measured = new Counters.Totals();
    final Histogram measuredLatency = new Histogram(3);
    long lastTick;
    long measuredStart;
    long measuredCpuStart = processCpuNanos();
    int ticks;
    final List<ServerCounter> serverCounters = workload.counters();
    final Connection monitor;
    long[] lastValues;
    long[] measuredBase;
    long lastValuesAt;
    long measuredBaseAt;

    Snapshots(int threads, int warmupTicks, long start, Counters counters, AtomicInteger live)
        throws SQLException {
      this.threads = threads;
      this.warmupTicks = warmupTicks;
      this.start = start;
      this.counters = counters;
      this.live = live;
      this.lastTick = start;
      this.measuredStart = start;
      this.monitor = serverCounters.isEmpty() ? null : connections.getConnection();
      this.lastValues = readCounters();
      this.measuredBase = lastValues;
      this.lastValuesAt = System.nanoTime();
      this.measuredBaseAt = lastValuesAt;
    }

    /** The server's counters now, or null when there are none or the server did not answer. */
    private long[] readCounters() {
      if (monitor == null) {
        return null;
      }
      long[] values = new long[serverCounters.size()];
      try {
        for (int i = 0; i < values.length; i++) {
          values[i] = serverCounters.get(i).read(monitor);
        }
        return values;
      } catch (SQLException e) {
        return null;
      }
    }

    /** The per-minute rates of the counters between two readings, empty when one is missing. */
    private Map<String, Double> perMinute(long[] from, long[] to, double seconds) {
      Map<String, Double> rates = new LinkedHashMap<>();
      if (from != null && to != null && seconds > 0) {
        for (int i = 0; i < serverCounters.size(); i++) {
          rates.put(serverCounters.get(i).name(), (to[i] - from[i]) * 60.0 / seconds);
        }
      }
      return rates;
    }

    synchronized Map<String, Double> measuredPerMinute() {
      return perMinute(measuredBase, lastValues, (lastValuesAt - measuredBaseAt) / (double) NANOS);
    }

    void closeMonitor() {
      if (monitor != null) {
        try {
          monitor.close();
        } catch (SQLException ignored) {
          // the iteration's figures are taken; a broken monitor connection changes nothing
        }
      }
    }

    synchronized void take() {
      snapshot(System.nanoTime());
    }

    synchronized void takeLast() {
      long now = System.nanoTime();
      if (now - lastTick > 1_000_000L) {
        snapshot(now);
      }
    }

    private void snapshot(long now) {
      ticks++;
      boolean warmup = ticks <= warmupTicks;
      long[] counted = counters.sinceLast();
      long tx = counted[Counters.TRANSACTIONS];
      long r = counted[Counters.READS];
      long w = counted[Counters.WRITES];
      long o = counted[Counters.OTHER];
      long e = counted[Counters.ERRORS];
      long rc = counted[Counters.RECONNECTS];
      Histogram latency = counters.latencySinceLast();
      long[] values = readCounters();
      long valuesAt = System.nanoTime();
      Map<String, Double> rates =
          perMinute(lastValues, values, (valuesAt - lastValuesAt) / (double) NANOS);
      if (values != null) {
        lastValues = values;
        lastValuesAt = valuesAt;
      }
      IntervalReport report =
          new IntervalReport(
              threads,
              live.get(),
              (now - start) / (double) NANOS,
              (now - lastTick) / (double) NANOS,
              warmup,
              tx,
              r,
              w,
              o,
              e,
              rc,
              latency,
              rates);
      lastTick = now;
      if (warmup) {
        measuredStart = now;
        measuredCpuStart = processCpuNanos();
        measuredBase = lastValues;
        measuredBaseAt = lastValuesAt;
      } else {
        measured.transactions += tx;
        measured.reads += r;
        measured.writes += w;
        measured.other += o;
        measured.errors += e;
        measured.reconnects += rc;
        measuredLatency.add(latency);
      }
      onInterval.accept(report);
    }
  }
}
