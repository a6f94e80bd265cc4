package io.benchlake.alerts.confirm;

import io.benchlake.alerts.MeanDifference;
import java.util.Arrays;

/**
 * What a re-run says of an alert: the difference after vs before in % of before, with its own 95%
 * confidence interval (Welch, over the re-runs' iteration values), and the verdict: confirmed when
 * that interval excludes 0 on the alert's side, refuted when it lies wholly beyond the alert's
 * interval on the other side, otherwise inconclusive.
 */
public record ConfirmVerdict(
    Verdict verdict, double changePct, Double ciLowPct, Double ciHighPct, int before, int after) {

  /** The three outcomes of a confirm. */
  public enum Verdict {
    confirmed,
    refuted,
    inconclusive
  }

  /**
   * The verdict on an alert of {@code alertPct} (its magnitude, whose sign is the change's side)
   * with the interval [{@code alertLow}, {@code alertHigh}] (null: the magnitude stands for both),
   * from the values the re-runs measured on each side.
   */
  public static ConfirmVerdict judge(
      double alertPct, Double alertLow, Double alertHigh, double[] before, double[] after) {
    double meanBefore = Arrays.stream(before).average().orElse(Double.NaN);
    double meanAfter = Arrays.stream(after).average().orElse(Double.NaN);
    double change =
        meanBefore == 0 || Double.isNaN(meanBefore) || Double.isNaN(meanAfter)
            ? Double.NaN
            : (meanAfter - meanBefore) / Math.abs(meanBefore) * 100;
    double[] ci = MeanDifference.ci95(before, after, meanBefore);
    if (ci == null) {
      return new ConfirmVerdict(
          Verdict.inconclusive, change, null, null, before.length, after.length);
    }
    double low = alertLow == null ? alertPct : alertLow;
    double high = alertHigh == null ? alertPct : alertHigh;
    Verdict v;
    if (alertPct < 0 ? ci[1] < 0 : ci[0] > 0) {
      v = Verdict.confirmed;
    } else if (alertPct < 0 ? ci[0] > high : ci[1] < low) {
      v = Verdict.refuted;
    } else {
      v = Verdict.inconclusive;
    }
    return new ConfirmVerdict(v, change, ci[0], ci[1], before.length, after.length);
  }
}
