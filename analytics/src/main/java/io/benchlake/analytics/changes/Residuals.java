package io.benchlake.analytics.changes;

/**
 * The statistics of a history's residuals around fits of its segments: their spread and their lag-1
 * autocorrelation, outliers left out. Every noise floor of the re-check is one of these two (or σ,
 * the spread of the history's first differences).
 */
final class Residuals {
  private Residuals() {}

  /**
   * The root mean square of the fits' residuals, outliers left out: where the history varies more
   * than its first differences say (two modes, heavy tails, wandering noise), the test takes that
   * larger noise. (Their robust MAD instead let a minority mode pass for steps: precision 0.89
   * against 0.94 on bench/changes.)
   */
  static double spread(SeriesAnalysis a, Fit... fits) {
    return spread(a, false, fits);
  }

  /**
   * {@link #spread(SeriesAnalysis, Fit...)}, with the outliers counted when {@code withOutliers}.
   */
  static double spread(SeriesAnalysis a, boolean withOutliers, Fit... fits) {
    int size = 0;
    for (Fit f : fits) {
      size += f.to() - f.from();
    }
    double[] r = new double[size];
    int k = 0;
    for (Fit f : fits) {
      for (int i = f.from(); i < f.to(); i++) {
        if (withOutliers || !a.isOutlier(i)) {
          r[k++] = Math.abs(a.centred(i) - f.at(i));
        }
      }
    }
    if (k < 3) {
      return 0;
    }
    double ss = 0;
    for (int i = 0; i < k; i++) {
      ss += r[i] * r[i];
    }
    return Math.sqrt(ss / k);
  }

  /**
   * The lag-1 autocorrelation of the fits' residuals, pooled, in [0, 0.9]: positively correlated
   * noise holds fewer independent points than it has, and the standard error grows by
   * √((1+φ)/(1-φ)) (the AR(1) variance inflation).
   */
  static double autocorrelation(SeriesAnalysis a, Fit... fits) {
    double lag = 0;
    double sq = 0;
    for (Fit f : fits) {
      double prev = Double.NaN;
      for (int i = f.from(); i < f.to(); i++) {
        if (a.isOutlier(i)) {
          continue;
        }
        double r = a.centred(i) - f.at(i);
        if (!Double.isNaN(prev)) {
          lag += prev * r;
        }
        sq += r * r;
        prev = r;
      }
    }
    return sq > 0 ? Math.min(0.9, Math.max(0, lag / sq)) : 0;
  }
}
