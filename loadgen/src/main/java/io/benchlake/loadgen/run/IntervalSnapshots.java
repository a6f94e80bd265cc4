package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.ServerCounter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import org.HdrHistogram.Histogram;

/**
 * Takes interval snapshots; the first {@code warmupTicks} of them are warm-up. Every count the
 * workers make lands in exactly one interval: the interval that reaches the time limit is closed by
 * {@link #takeLast} once the workers are done, so the transactions they finish after the limit are
 * in it rather than in a sliver of an interval of their own.
 */
final class IntervalSnapshots implements AutoCloseable {
  private static final long NANOS = 1_000_000_000L;

  /** A last interval shorter than this with nothing counted in it is no interval at all. */
  private static final long SLIVER_NANOS = 1_000_000L;

  /**
   * When the iteration's ticks fall: from {@code start} every {@code intervalNanos}, the first
   * {@code warmupTicks} warm-up, until the workers' {@code deadline} (Long.MAX_VALUE: none).
   */
  record Schedule(long start, long intervalNanos, int warmupTicks, long deadline) {}

  final int threads;
  final int warmupTicks;
  final long start;
  private final long deadline;
  private final long intervalNanos;
  private final LongSupplier clock;
  final Counters counters;
  final AtomicInteger live;
  final Counters.Totals measured = new Counters.Totals();
  final Histogram measuredLatency = new Histogram(3);
  long lastTick;
  long measuredStart;
  long measuredCpuStart = processCpuNanos();
  int ticks;
  final List<ServerCounter> serverCounters;
  final Connection monitor;
  final Consumer<IntervalReport> onInterval;
  long[] lastValues;
  long[] measuredBase;
  long lastValuesAt;
  long measuredBaseAt;

  /**
   * {@code clock} is the source of {@code schedule}'s times (System::nanoTime); {@code connections}
   * is only asked for a monitor connection when there are server counters to read.
   */
  IntervalSnapshots(
      int threads,
      Schedule schedule,
      LongSupplier clock,
      Counters counters,
      AtomicInteger live,
      List<ServerCounter> serverCounters,
      WorkerConnections connections,
      Consumer<IntervalReport> onInterval)
      throws SQLException {
    this.serverCounters = serverCounters;
    this.onInterval = onInterval;
    this.threads = threads;
    this.warmupTicks = schedule.warmupTicks();
    this.start = schedule.start();
    this.deadline = schedule.deadline();
    this.intervalNanos = schedule.intervalNanos();
    this.clock = clock;
    this.counters = counters;
    this.live = live;
    this.lastTick = start;
    this.measuredStart = start;
    this.monitor = serverCounters.isEmpty() ? null : connections.getConnection();
    this.lastValues = readCounters();
    this.measuredBase = lastValues;
    this.lastValuesAt = clock.getAsLong();
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

  /** Closes the monitor connection, if it opened one. */
  @Override
  public void close() {
    if (monitor != null) {
      try {
        monitor.close();
      } catch (SQLException ignored) {
        // the iteration's figures are taken; a broken monitor connection changes nothing
      }
    }
  }

  /**
   * The reporter's tick. The first tick at or after the time limit is left to {@link #takeLast}:
   * the workers are finishing their last transactions then, and a tick between those would leave
   * the rest to a sliver. Workers still busy an interval later get their ticks again, so a hung
   * server still shows.
   */
  synchronized void take() {
    long now = clock.getAsLong();
    boolean finishing =
        deadline != Long.MAX_VALUE && now - deadline >= 0 && now - deadline < intervalNanos;
    if (finishing) {
      return;
    }
    snapshot(now, counters.sinceLast());
  }

  /** The last snapshot, once the workers are done: whatever they counted since the last tick. */
  synchronized void takeLast() {
    long now = clock.getAsLong();
    long[] counted = counters.sinceLast();
    if (now - lastTick < SLIVER_NANOS && Arrays.stream(counted).allMatch(n -> n == 0)) {
      return; // the workers ended right at a tick: nothing is left, and a 0 tps line would lie
    }
    snapshot(now, counted);
  }

  private void snapshot(long now, long[] counted) {
    ticks++;
    boolean warmup = ticks <= warmupTicks;
    long tx = counted[Counters.TRANSACTIONS];
    long r = counted[Counters.READS];
    long w = counted[Counters.WRITES];
    long o = counted[Counters.OTHER];
    long e = counted[Counters.ERRORS];
    long rc = counted[Counters.RECONNECTS];
    Histogram latency = counters.latencySinceLast();
    long[] values = readCounters();
    long valuesAt = clock.getAsLong();
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

  /** CPU time of this whole process (workers, reporter, GC, JIT, publishing), in nanoseconds. */
  static long processCpuNanos() {
    var os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
  }
}
