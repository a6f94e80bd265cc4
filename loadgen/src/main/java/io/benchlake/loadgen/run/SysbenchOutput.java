package io.benchlake.loadgen.run;

import io.benchlake.schemas.TransactionTiming;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/** Prints progress in sysbench 1.0's words, so its users read it without thinking. */
final class SysbenchOutput {
  private final PrintStream out;
  private final double percentile;
  private final boolean histogram;

  SysbenchOutput(PrintStream out, double percentile, boolean histogram) {
    this.out = out;
    this.percentile = percentile;
    this.histogram = histogram;
  }

  void header(String workload, int threads, int iteration, int iterations, double reportIntervalS) {
    out.printf(
        Locale.ROOT,
        "%n%s: Number of threads: %d, iteration %d of %d%n",
        workload,
        threads,
        iteration,
        iterations);
    out.printf(
        Locale.ROOT, "Report intermediate results every %s second(s)%n", trim(reportIntervalS));
    out.println("Threads started!");
    out.println();
  }

  /**
   * {@code [ 1s ] thds: 4 tps: 1359.43 qps: 27233.38 (r/w/o: …) lat (ms,95%): 4.65 err/s: 0.00
   * reconn/s: 0.00}
   */
  void interval(IntervalReport r, String cpu) {
    out.printf(
        Locale.ROOT,
        "[ %ds ] thds: %d tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,%s%%): %.2f err/s: %.2f reconn/s: %.2f%s%s%s%n",
        Math.round(r.offsetS()),
        r.liveThreads(),
        r.tps(),
        r.qps(),
        r.perSecond(r.reads()),
        r.perSecond(r.writes()),
        r.perSecond(r.other()),
        trim(percentile),
        r.latencyMs(percentile),
        r.perSecond(r.errors()),
        r.perSecond(r.reconnects()),
        rates(r.perMinute()),
        r.warmup() ? " (warm-up)" : "",
        cpu);
  }

  /** " nopm: 1234 tpm: 2890" for a workload with server counters. */
  private static String rates(java.util.Map<String, Double> perMinute) {
    StringBuilder s = new StringBuilder();
    perMinute.forEach(
        (name, rate) ->
            s.append(String.format(Locale.ROOT, " %s: %.0f", name.toLowerCase(Locale.ROOT), rate)));
    return s.toString();
  }

  /**
   * HammerDB's time profile (hdbxtprofile.log's layout): a block per virtual user and the summary,
   * procedures by ratio.
   */
  void profile(List<TransactionTiming> timings) {
    if (timings.isEmpty()) {
      return;
    }
    String rule = "+-".repeat(37) + "+";
    out.println();
    out.println("MariaDB Hammerdb Time Profile Report");
    out.println(rule);
    Integer vu = -1;
    for (TransactionTiming t : timings) {
      if (!java.util.Objects.equals(t.vu(), vu)) {
        vu = t.vu();
        long vus =
            timings.stream()
                .filter(x -> x.vu() != null)
                .map(TransactionTiming::vu)
                .distinct()
                .count();
        out.println(
            vu == null
                ? String.format(
                    Locale.ROOT,
                    ">>>>> SUMMARY OF %d ACTIVE VIRTUAL USERS : MEDIAN ELAPSED TIME : %.0fms",
                    vus,
                    t.elapsedMs())
                : String.format(
                    Locale.ROOT,
                    ">>>>> VIRTUAL USER %d : ELAPSED TIME : %.0fms",
                    vu,
                    t.elapsedMs()));
      }
      out.println(">>>>> PROC: " + t.procedure());
      out.printf(
          Locale.ROOT,
          "CALLS: %d\tMIN: %.3fms\tAVG: %.3fms\tMAX: %.3fms\tTOTAL: %.3fms%n",
          t.calls(),
          t.min(),
          t.avg(),
          t.max(),
          t.total());
      out.printf(
          Locale.ROOT,
          "P99: %.3fms\tP95: %.3fms\tP50: %.3fms\tSD: %.3fms\tRATIO: %.3f%%%n",
          t.p99(),
          t.p95(),
          t.p50(),
          t.sd(),
          t.ratioPct());
    }
    out.println(rule);
  }

  /** sysbench's end of a run: with --histogram its latency histogram, then the statistics. */
  void summary(IterationResult r) {
    if (histogram) {
      SysbenchHistogram.print(out, r.latencyUs());
    }
    long queries = r.reads() + r.writes() + r.other();
    out.println("SQL statistics:");
    out.println("    queries performed:");
    out.printf(Locale.ROOT, "        read:                            %d%n", r.reads());
    out.printf(Locale.ROOT, "        write:                           %d%n", r.writes());
    out.printf(Locale.ROOT, "        other:                           %d%n", r.other());
    out.printf(Locale.ROOT, "        total:                           %d%n", queries);
    out.printf(
        Locale.ROOT,
        "    transactions:                        %-6d (%.2f per sec.)%n",
        r.transactions(),
        r.tps());
    out.printf(
        Locale.ROOT,
        "    queries:                             %-6d (%.2f per sec.)%n",
        queries,
        r.qps());
    out.printf(
        Locale.ROOT,
        "    ignored errors:                      %-6d (%.2f per sec.)%n",
        r.errors(),
        r.errors() / r.measuredS());
    out.printf(
        Locale.ROOT,
        "    reconnects:                          %-6d (%.2f per sec.)%n",
        r.reconnects(),
        r.reconnects() / r.measuredS());
    out.println();
    out.println("General statistics:");
    out.printf(Locale.ROOT, "    total time:                          %.4fs%n", r.measuredS());
    out.printf(Locale.ROOT, "    total number of events:              %d%n", r.transactions());
    out.println();
    var h = r.latencyUs();
    boolean any = h.getTotalCount() > 0;
    out.println("Latency (ms):");
    out.printf(
        Locale.ROOT,
        "         min:                                    %.2f%n",
        any ? h.getMinValue() / 1000.0 : 0);
    out.printf(
        Locale.ROOT,
        "         avg:                                    %.2f%n",
        any ? h.getMean() / 1000.0 : 0);
    out.printf(
        Locale.ROOT,
        "         max:                                    %.2f%n",
        any ? h.getMaxValue() / 1000.0 : 0);
    if (percentile == 0) {
      out.println("         percentile stats:               disabled");
    } else {
      out.printf(
          Locale.ROOT,
          "         %sth percentile:                        %.2f%n",
          trim(percentile),
          any ? h.getValueAtPercentile(percentile) / 1000.0 : 0);
    }
    out.printf(
        Locale.ROOT,
        "         sum:                                %.2f%n",
        r.busySecondsPerThread().stream().mapToDouble(Double::doubleValue).sum() * 1000);
    out.println();
    out.println("Threads fairness:");
    out.printf(
        Locale.ROOT,
        "    events (avg/stddev):           %.4f/%.2f%n",
        mean(r.eventsPerThread().stream().map(Long::doubleValue).toList()),
        stddev(r.eventsPerThread().stream().map(Long::doubleValue).toList()));
    out.printf(
        Locale.ROOT,
        "    execution time (avg/stddev):   %.4f/%.2f%n",
        mean(r.busySecondsPerThread()),
        stddev(r.busySecondsPerThread()));
    out.println();
    out.printf(
        Locale.ROOT,
        "Client CPU time: %.3fs (%.4fs per 1000 events)%n",
        r.clientCpuS(),
        r.transactions() == 0 ? 0 : r.clientCpuS() * 1000 / r.transactions());
    Double nopm = r.perMinute().get("NOPM");
    Double tpm = r.perMinute().get("TPM");
    if (nopm != null && tpm != null) {
      out.printf(
          Locale.ROOT,
          "TEST RESULT : System achieved %d NOPM from %d MariaDB TPM%n",
          (long) Math.floor(nopm),
          (long) Math.floor(tpm));
    }
    r.failure().ifPresent(f -> out.println("FATAL: " + f));
  }

  private static double mean(List<Double> xs) {
    return xs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  private static double stddev(List<Double> xs) {
    double m = mean(xs);
    return Math.sqrt(xs.stream().mapToDouble(x -> (x - m) * (x - m)).average().orElse(0));
  }

  private static String trim(double value) {
    return value == Math.rint(value) ? String.valueOf((long) value) : String.valueOf(value);
  }
}
