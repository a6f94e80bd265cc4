package io.benchlake.importers.hammerdb;

import io.benchlake.schemas.TransactionTiming;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * HammerDB v3's etprof percentile blocks ({@code Vuser 2:|neword|MIN-391|P50%-685|...}): one row
 * per procedure per 10-second window, in microseconds. The windows of a run are folded into one
 * timing per procedure: calls summed, min and max taken, the percentiles averaged weighted by each
 * window's samples (etprof prints no overall percentile, average, SD or ratio).
 */
final class HammerdbEtprof {
  static final Pattern ROW =
      Pattern.compile(
          "^\\|(\\w+)\\|MIN-([\\d.]+)\\|P50%-([\\d.]+)\\|P95%-([\\d.]+)\\|P99%-([\\d.]+)\\|MAX-([\\d.]+)\\|SAMPLES-(\\d+)\\|?$");

  private static final class Folded {
    long samples;
    double min = Double.MAX_VALUE;
    double max;
    double p50;
    double p95;
    double p99;
  }

  private final Map<String, Folded> procs = new LinkedHashMap<>();

  /** Adds one row if {@code text} is one; says whether it was. */
  boolean add(String text) {
    Matcher m = ROW.matcher(text);
    if (!m.matches()) {
      return false;
    }
    long n = Long.parseLong(m.group(7));
    Folded f =
        procs.computeIfAbsent(m.group(1).toUpperCase(java.util.Locale.ROOT), k -> new Folded());
    f.min = Math.min(f.min, Double.parseDouble(m.group(2)));
    f.max = Math.max(f.max, Double.parseDouble(m.group(6)));
    f.p50 += Double.parseDouble(m.group(3)) * n;
    f.p95 += Double.parseDouble(m.group(4)) * n;
    f.p99 += Double.parseDouble(m.group(5)) * n;
    f.samples += n;
    return true;
  }

  boolean isEmpty() {
    return procs.isEmpty();
  }

  /** One timing per procedure, in ms. */
  List<TransactionTiming> timings() {
    List<TransactionTiming> out = new ArrayList<>();
    procs.forEach(
        (name, f) -> {
          double n = Math.max(1, f.samples);
          out.add(
              new TransactionTiming(
                  name,
                  f.samples,
                  f.min / 1000,
                  null,
                  f.max / 1000,
                  null,
                  f.p50 / n / 1000,
                  f.p95 / n / 1000,
                  f.p99 / n / 1000,
                  null,
                  null,
                  "ms",
                  null,
                  null,
                  null,
                  null,
                  null));
        });
    return out;
  }
}
