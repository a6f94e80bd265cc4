package io.benchlake.importers.sysbench;

import io.benchlake.importers.SourceFile;
import java.util.List;
import java.util.Optional;

/**
 * What a sysbench run printed: header facts, interval lines, summary, FATAL lines, and the
 * generation it was read as (empty for a log the sysbench 1.0 reading has always read, which
 * records none, so its runs stay as they were imported).
 */
public record SysbenchLog(
    SourceFile file,
    int threads,
    Double reportIntervalS,
    List<Interval> intervals,
    Optional<Summary> summary,
    List<String> fatal,
    List<Bucket> histogram,
    Optional<SysbenchGeneration> generation,
    Optional<String> version) {

  /** A log read as sysbench 1.0 has always been read: no generation recorded. */
  public SysbenchLog(
      SourceFile file,
      int threads,
      Double reportIntervalS,
      List<Interval> intervals,
      Optional<Summary> summary,
      List<String> fatal,
      List<Bucket> histogram) {
    this(
        file,
        threads,
        reportIntervalS,
        intervals,
        summary,
        fatal,
        histogram,
        Optional.empty(),
        Optional.empty());
  }

  /**
   * One interval line: {@code [ 1s ] thds: 4 tps: … lat (ms,95%): … err/s: … reconn/s: …} (1.x) or
   * {@code [ 10s] threads: 4, tps: …, reads/s: …, writes/s: …, response time: …ms (95%)} (0.4,
   * 0.5), which prints no other queries ({@code other} null; qps then reads + writes).
   */
  public record Interval(
      int line,
      double offsetS,
      int threads,
      double tps,
      double qps,
      double reads,
      double writes,
      Double other,
      double percentile,
      double latencyMs,
      double errorsPs,
      double reconnectsPs) {}

  /**
   * The summary blocks: SQL (OLTP test) statistics, General statistics or Throughput, Latency
   * (response time), Threads fairness. Errors, reconnects and deadlocks are null where the
   * generation does not print them; every percentile printed is kept, in order.
   */
  public record Summary(
      long reads,
      long writes,
      long other,
      long queriesTotal,
      long transactions,
      double tps,
      double qps,
      Long ignoredErrors,
      Long reconnects,
      Long deadlocks,
      double totalTimeS,
      long events,
      double latencyMinMs,
      double latencyAvgMs,
      double latencyMaxMs,
      List<Percentile> percentiles,
      double latencySumMs) {

    /** The first percentile printed (the only one before patched builds), or null. */
    public Double percentile() {
      return percentiles.isEmpty() ? null : percentiles.get(0).pct();
    }

    /** The latency at {@link #percentile()}, or null. */
    public Double latencyPctMs() {
      return percentiles.isEmpty() ? null : percentiles.get(0).ms();
    }
  }

  /** A latency percentile as printed: its rank (95, 99.9) and its value in ms. */
  public record Percentile(double pct, double ms) {}

  /** A summary figure such as {@code 27705 (1384.80 per sec.)}. */
  public record CountRate(long count, double perSecond) {}

  /** One row of the --histogram block: a latency in ms and how many events had it. */
  public record Bucket(double valueMs, long count) {}

  public boolean died() {
    return summary.isEmpty();
  }
}
