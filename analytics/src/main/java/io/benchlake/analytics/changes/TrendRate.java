package io.benchlake.analytics.changes;

import io.benchlake.changepoints.Detector;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * A trend as a user reads it, in % of its mean level: per month when the history is ordered by time
 * (the slope against the runs' start times, so irregular dates count as they fall), per release
 * when ordered by release; per run when the times or versions are missing.
 */
public record TrendRate(Detector.Trend trend, double pctPerUnit, String unit) {
  private static final double DAYS_PER_MONTH = 365.25 / 12;

  public static List<TrendRate> of(ChangesQuery.Result r) {
    List<TrendRate> out = new ArrayList<>();
    for (Detector.Trend t : r.found().trends()) {
      out.add(
          (r.by().equals("release") ? perRelease(r, t) : perMonth(r, t))
              .orElse(new TrendRate(t, t.pctPerPoint(), "run")));
    }
    return out;
  }

  private static Optional<TrendRate> perMonth(ChangesQuery.Result r, Detector.Trend t) {
    SimpleRegression reg = new SimpleRegression();
    for (int i = t.from(); i < t.to(); i++) {
      ChangesQuery.Run run = r.runs().get(i);
      if (run.startedAt().isEmpty()) {
        return Optional.empty();
      }
      if (!isOutlier(r, i)) {
        double days = Instant.parse(run.startedAt()).toEpochMilli() / 86_400_000.0;
        reg.addData(days, mean(run.values()));
      }
    }
    return rate(reg, DAYS_PER_MONTH, r, t, "month");
  }

  private static Optional<TrendRate> perRelease(ChangesQuery.Result r, Detector.Trend t) {
    SimpleRegression reg = new SimpleRegression();
    int release = -1;
    String previous = null;
    for (int i = t.from(); i < t.to(); i++) {
      ChangesQuery.Run run = r.runs().get(i);
      if (run.version() == null) {
        return Optional.empty();
      }
      if (!run.version().equals(previous)) {
        release++;
        previous = run.version();
      }
      if (!isOutlier(r, i)) {
        reg.addData(release, mean(run.values()));
      }
    }
    return release < 1 ? Optional.empty() : rate(reg, 1, r, t, "release");
  }

  private static Optional<TrendRate> rate(
      SimpleRegression reg, double unitsOfX, ChangesQuery.Result r, Detector.Trend t, String unit) {
    double slope = reg.getSlope() * unitsOfX;
    if (reg.getN() < 3 || Double.isNaN(slope)) {
      return Optional.empty();
    }
    double meanLevel = meanLevel(r, t);
    return meanLevel == 0
        ? Optional.empty()
        : Optional.of(new TrendRate(t, slope / Math.abs(meanLevel) * 100, unit));
  }

  /** The mean of the trend's runs (outliers left out). */
  private static double meanLevel(ChangesQuery.Result r, Detector.Trend t) {
    double sum = 0;
    int count = 0;
    for (int i = t.from(); i < t.to(); i++) {
      if (!isOutlier(r, i)) {
        sum += mean(r.runs().get(i).values());
        count++;
      }
    }
    return sum / count;
  }

  private static boolean isOutlier(ChangesQuery.Result r, int i) {
    return r.found().outliers().stream().anyMatch(o -> o.index() == i);
  }

  private static double mean(double[] values) {
    double s = 0;
    for (double v : values) {
      s += v;
    }
    return s / values.length;
  }
}
