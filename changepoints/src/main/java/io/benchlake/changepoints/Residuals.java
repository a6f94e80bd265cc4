package io.benchlake.changepoints;

import org.apache.commons.math3.distribution.ChiSquaredDistribution;

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

  /**
   * The lag-1 autocorrelation whose AR(1) variance inflation is the long-run variance factor of the
   * fits' residuals, pooled, in [0, 0.9]: 1 + 2 Σ (1 - k/(L+1)) ρ_k over the lags k ≤ L (Bartlett
   * weights, Newey and West 1987; L = ⌊4 (N/100)^(2/9)⌋ for N residuals); 0 unless the residuals
   * are autocorrelated at the detector's alpha (Ljung-Box over the same lags).
   *
   * <p>Why: the re-check inflates a step's standard error by the lag-1 autocorrelation alone, which
   * is the whole story only for AR(1) noise. Where a level wanders slowly under the noise (and once
   * a season is taken out, under the cycle), the residuals around the changes found keep an
   * autocorrelation of about 0.2 at every lag up to 10 and beyond, and their long-run variance is
   * twice their variance, not 1.5 times: TCPD's quality_control_4 (500 runs, a cycle of 20 over a
   * wandering level) had its wander cut into five more changes at z 4.8-6.7; with this floor
   * (Recheck) 3 changes, F1 0.431 -> 0.638, bench/changes-real 0.759 -> 0.763, bench/changes
   * precision 0.960 / 0.968 / 0.969 / 0.973 -> 0.963 / 0.971 / 0.971 / 0.975 on seeds 20261205 / 1
   * / 42 / 99, recall and the release histories unchanged. The Ljung-Box test keeps chance
   * autocorrelations of short histories from widening their tests (at a 5% level instead,
   * bench/changes lost a step on seed 20261205 and the release histories two on seed 99).
   */
  static double longRunAutocorrelation(SeriesAnalysis a, Fit... fits) {
    int size = 0;
    for (Fit f : fits) {
      size += f.to() - f.from();
    }
    int lags = (int) Math.floor(4 * Math.pow(size / 100.0, 2.0 / 9));
    if (lags < 1) {
      return 0;
    }
    double[] lag = new double[lags + 1];
    for (Fit f : fits) {
      for (int i = f.from(); i < f.to(); i++) {
        for (int k = 0; k <= lags && i - k >= f.from(); k++) {
          if (!a.isOutlier(i) && !a.isOutlier(i - k)) {
            lag[k] += (a.centred(i) - f.at(i)) * (a.centred(i - k) - f.at(i - k));
          }
        }
      }
    }
    if (!(lag[0] > 0)) {
      return 0;
    }
    double factor = 1;
    double ljungBox = 0;
    for (int k = 1; k <= lags; k++) {
      double rho = lag[k] / lag[0];
      factor += 2 * (1 - k / (lags + 1.0)) * rho;
      ljungBox += size * (size + 2.0) * rho * rho / (size - k);
    }
    double p = 1 - new ChiSquaredDistribution(lags).cumulativeProbability(ljungBox);
    if (!(p < a.settings().alpha())) {
      return 0;
    }
    return Math.min(0.9, Math.max(0, (factor - 1) / (factor + 1)));
  }
}
