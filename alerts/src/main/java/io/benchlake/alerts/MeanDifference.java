package io.benchlake.alerts;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;

/** The 95% confidence interval of a difference of means (Welch), in % of the baseline's mean. */
public final class MeanDifference {
  private MeanDifference() {}

  /** [low, high] in %, or null with fewer than two values on a side or a zero baseline. */
  public static double[] ci95(double[] baseline, double[] candidate, double baselineMean) {
    if (baseline.length < 2 || candidate.length < 2 || baselineMean == 0) {
      return null;
    }
    double vb = variance(baseline) / baseline.length;
    double vc = variance(candidate) / candidate.length;
    double se = Math.sqrt(vb + vc);
    double diff = mean(candidate) - mean(baseline);
    double t;
    if (se == 0) {
      t = 0;
    } else {
      // Welch–Satterthwaite degrees of freedom
      double df =
          (vb + vc)
              * (vb + vc)
              / (vb * vb / (baseline.length - 1) + vc * vc / (candidate.length - 1));
      t = new TDistribution(df).inverseCumulativeProbability(0.975);
    }
    double scale = 100 / Math.abs(baselineMean);
    return new double[] {(diff - t * se) * scale, (diff + t * se) * scale};
  }

  private static double mean(double[] xs) {
    return Arrays.stream(xs).average().orElse(Double.NaN);
  }

  private static double variance(double[] xs) {
    double m = mean(xs);
    return Arrays.stream(xs).map(x -> (x - m) * (x - m)).sum() / (xs.length - 1);
  }
}
