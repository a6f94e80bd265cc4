package io.benchlake.alerts;

import io.benchlake.analytics.stability.IterationStability;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntToDoubleFunction;

/** Series histories built by name: levels with a little noise, one run a day. */
final class Histories {
  static final Instant DAY0 = Instant.parse("2026-01-01T00:00:00Z");
  static final SeriesKey SERIES = new SeriesKey("OLTP_RW", "TPS", 8, "bed1");

  private final List<SeriesPoint> points = new ArrayList<>();
  private final Random noise;
  private String version = "11.4.5";

  private Histories(long seed) {
    noise = new Random(seed);
  }

  /** {@code n} 10 s intervals whose throughput is {@code level(i)} with 1% noise. */
  static List<IterationStability.Interval> intervals(int n, IntToDoubleFunction level) {
    Random noise = new Random(n);
    List<IterationStability.Interval> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      double v = level.applyAsDouble(i) * (1 + 0.01 * noise.nextGaussian());
      out.add(new IterationStability.Interval(10.0 * (i + 1), 10, v));
    }
    return out;
  }

  static Histories seeded(long seed) {
    return new Histories(seed);
  }

  Histories version(String v) {
    version = v;
    return this;
  }

  /** {@code runs} runs at {@code level}, 0.3% noise, 3 iterations each. */
  Histories runs(int runs, double level, boolean fresh) {
    for (int i = 0; i < runs; i++) {
      int n = points.size();
      double[] values = new double[3];
      for (int k = 0; k < 3; k++) {
        values[k] = level * (1 + 0.003 * noise.nextGaussian());
      }
      points.add(
          new SeriesPoint(
              "run-" + n,
              DAY0.plus(Duration.ofDays(n)),
              version,
              "MariaDB " + version,
              values,
              fresh));
    }
    return this;
  }

  List<SeriesPoint> points() {
    return List.copyOf(points);
  }

  /** The same points, the first {@code old} of them known before the commit, the rest fresh. */
  static List<SeriesPoint> freshAfter(List<SeriesPoint> points, int old) {
    List<SeriesPoint> out = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      SeriesPoint p = points.get(i);
      out.add(
          new SeriesPoint(
              p.runId(), p.startedAt(), p.version(), p.dataset(), p.values(), i >= old));
    }
    return out;
  }
}
