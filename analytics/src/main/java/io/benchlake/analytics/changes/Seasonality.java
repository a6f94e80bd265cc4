package io.benchlake.analytics.changes;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.commons.math3.stat.inference.OneWayAnova;

/**
 * A repeating pattern in a history (a weekly job mix, a cache that warms in cycles): found in the
 * residuals of the segments as the shortest lag whose autocorrelation is near the highest and at
 * least 0.3 once the autocorrelation has turned negative, kept when the runs' phase explains their
 * spread (one-way ANOVA, p below alpha) and the pattern is at least a quarter of the noise. The
 * detector then looks for steps in the history with the pattern taken out, so seasonality neither
 * hides a step nor passes for one.
 */
final class Seasonality {
  private static final double MIN_AUTOCORRELATION = 0.3;

  private Seasonality() {}

  static Optional<Detector.Season> find(SeriesAnalysis a, List<Detector.Change> changes) {
    int n = a.points();
    if (n < 12) {
      return Optional.empty();
    }
    double[] res = new double[n];
    int lo = 0;
    List<Integer> ends = new ArrayList<>(changes.stream().map(Detector.Change::index).toList());
    ends.add(n);
    for (int hi : ends) {
      Fit f = Recheck.segment(a, lo, hi);
      for (int i = lo; i < hi; i++) {
        res[i] = a.isOutlier(i) ? 0 : a.centred(i) - f.at(i);
      }
      lo = hi;
    }
    double ss = 0;
    for (double r : res) {
      ss += r * r;
    }
    if (ss == 0) {
      return Optional.empty();
    }
    // a pattern repeats after its autocorrelation has first turned negative: the lags before that
    // only say that neighbouring runs are alike (a slow wave, wandering noise)
    int max = n / 3;
    double[] acf = new double[max + 1];
    int firstNegative = -1;
    double best = 0;
    for (int k = 1; k <= max; k++) {
      double s = 0;
      for (int i = k; i < n; i++) {
        s += res[i] * res[i - k];
      }
      acf[k] = s / ss;
      if (firstNegative < 0 && acf[k] < 0) {
        firstNegative = k;
      }
      if (firstNegative > 0 && k >= 2) {
        best = Math.max(best, acf[k]);
      }
    }
    if (firstNegative < 0 || best < MIN_AUTOCORRELATION) {
      return Optional.empty();
    }
    int period = Math.max(2, firstNegative + 1);
    while (acf[period] < 0.9 * best) {
      period++;
    }
    List<double[]> phases = new ArrayList<>();
    double[] profile = new double[period];
    double mean = 0;
    for (int p = 0; p < period; p++) {
      int count = (n - p + period - 1) / period;
      double[] g = new double[count];
      for (int j = 0; j < count; j++) {
        g[j] = res[p + j * period];
        profile[p] += g[j] / count;
      }
      phases.add(g);
      mean += profile[p] / period;
    }
    double var = 0;
    for (int p = 0; p < period; p++) {
      profile[p] -= mean;
      var += profile[p] * profile[p] / period;
    }
    double pValue = new OneWayAnova().anovaPValue(phases);
    if (!(pValue < a.settings().alpha()) || Math.sqrt(var) < 0.25 * a.sigma()) {
      return Optional.empty();
    }
    return Optional.of(new Detector.Season(period, profile, pValue));
  }
}
