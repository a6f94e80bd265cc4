package io.benchlake.importers.sysbench;

import io.benchlake.importers.SourceFile;
import java.util.List;
import java.util.Optional;

/** What a sysbench 1.0 run printed: header facts, interval lines, summary, FATAL lines. */
public record SysbenchLog(
    SourceFile file,
    int threads,
    Double reportIntervalS,
    List<Interval> intervals,
    Optional<Summary> summary,
    List<String> fatal,
    List<Bucket> histogram) {

  /** One interval line: {@code [ 1s ] thds: 4 tps: … lat (ms,95%): … err/s: … reconn/s: …}. */
  public record Interval(
      int line,
      double offsetS,
      int threads,
      double tps,
      double qps,
      double reads,
      double writes,
      double other,
      double percentile,
      double latencyMs,
      double errorsPs,
      double reconnectsPs) {}

  /** The SQL / General / Latency / Threads fairness blocks. */
  public record Summary(
      long reads,
      long writes,
      long other,
      long queriesTotal,
      long transactions,
      double tps,
      double qps,
      long ignoredErrors,
      long reconnects,
      double totalTimeS,
      long events,
      double latencyMinMs,
      double latencyAvgMs,
      double latencyMaxMs,
      Double percentile,
      Double latencyPctMs,
      double latencySumMs) {}

  /** One row of the --histogram block: a latency in ms and how many events had it. */
  public record Bucket(double valueMs, long count) {}

  public boolean died() {
    return summary.isEmpty();
  }
}
