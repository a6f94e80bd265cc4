package io.benchlake.analytics.report;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A dataset's peak on a ladder: the thread count (VUs for TPROC-C) where its mean of a throughput
 * metric is highest, as the charts users publish mark it ("peak 8,735 NOPM at 16 VUs").
 */
public record Peak(String dataset, int threads, double mean) {

  /** Metrics where lower is better (latencies, timings, counts of trouble): no peak. */
  private static final Pattern LOWER_IS_BETTER =
      Pattern.compile(
          "(?i).*(latency|_ms$|_p\\d+$|_avg$|_min$|_max$|_sd$|_ratio$|_total$|errors|reconnects"
              + "|cpu).*");

  /** Whether a metric has a peak: a throughput (TPS, QPS, NOPM, TPM, …), not a latency. */
  public static boolean applies(String metric) {
    return !LOWER_IS_BETTER.matcher(metric).matches() && !metric.startsWith("status:");
  }

  /**
   * Each dataset's peak, in the report's dataset order; none for a metric where lower is better.
   */
  public static List<Peak> of(ComparisonReport r) {
    List<Peak> peaks = new ArrayList<>();
    if (!applies(r.metric())) {
      return peaks;
    }
    for (String d : r.datasets()) {
      Optional<Peak> best = Optional.empty();
      for (int t : r.threads()) {
        Optional<ThreadStatistics> s = r.at(d, t);
        if (s.isPresent()
            && Double.isFinite(s.get().mean())
            && (best.isEmpty() || s.get().mean() > best.get().mean())) {
          best = Optional.of(new Peak(d, t, s.get().mean()));
        }
      }
      best.ifPresent(peaks::add);
    }
    return peaks;
  }

  /** What the threads of a test are called: HammerDB's virtual users for TPROC-C. */
  public static String unit(String test) {
    return test.equalsIgnoreCase("TPROCC") ? "VUs" : "threads";
  }

  /** "peak 8,735 NOPM at 16 VUs": thousands grouped, whole above 1,000, else two decimals. */
  public String describe(String metric, String test) {
    DecimalFormat f =
        new DecimalFormat(
            Math.abs(mean) >= 1000 ? "#,##0" : "#,##0.##",
            DecimalFormatSymbols.getInstance(Locale.ROOT));
    return "peak " + f.format(mean) + " " + metric + " at " + threads + " " + unit(test);
  }
}
