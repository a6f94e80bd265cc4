package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.distribution.FDistribution;

/**
 * A season found as one sinusoid fitted together with a level per segment between given cuts
 * (harmonic regression with breaks in the level: the seasonal model of BFAST, Verbesselt et al.
 * 2010, with one harmonic; the periodogram of a history with its steps taken out). Where the folds
 * of {@link Seasonality} need each phase of a cycle seen a few times (a cycle of 50 runs in 184 is
 * 50 phases of 3-4 runs each, and the steps the first pass missed are in every phase), the sinusoid
 * has two parameters whatever the cycle's length, and the levels between the cuts take the steps
 * out of it.
 */
final class HarmonicSeason {
  private HarmonicSeason() {}

  /** The sinusoid of one cycle length fitted with the levels: its two weights and F statistic. */
  record Sinusoid(double length, double cosine, double sine, double f, int dof) {
    /** What the sinusoid adds to point i. */
    double at(double i) {
      double w = 2 * Math.PI * i / length;
      return cosine * Math.cos(w) + sine * Math.sin(w);
    }

    /** The p-value of the F test of the two weights against the levels alone. */
    double pValue() {
      return dof > 0 ? 1 - new FDistribution(2, dof).cumulativeProbability(f) : 1;
    }

    /**
     * The sinusoid as a {@link Detector.Season}: round(length) phases, each the sinusoid at its
     * centre.
     */
    Detector.Season season(double pValue) {
      int bins = (int) Math.round(length);
      double[] profile = new double[bins];
      for (int b = 0; b < bins; b++) {
        profile[b] = at((b + 0.5) * length / bins);
      }
      return new Detector.Season(length, profile, pValue);
    }
  }

  /**
   * The best sinusoid of a cycle between {@code shortest} and {@code longest} runs, fitted with a
   * level per segment between {@code cuts}: first at frequencies 1/(2n) apart (a peak of the
   * periodogram is about 1/n wide), then at 1/(16n) around the best of those. Null when none can be
   * fitted. A history of 1,000 runs with a step and no season: 19.5 ms an analysis, 18.7 without
   * this search; with every frequency 1/(8n) apart, 25.2 ms.
   */
  static Sinusoid best(double[] y, List<Integer> cuts, double shortest, double longest) {
    Segments s = Segments.of(y, cuts);
    int n = y.length;
    Sinusoid coarse = best(s, 1 / longest, 1 / shortest, 1.0 / (2 * n));
    if (coarse == null) {
      return null;
    }
    double f = 1 / coarse.length();
    Sinusoid fine =
        best(
            s,
            Math.max(1 / longest, f - 1.0 / (2 * n)),
            Math.min(1 / shortest, f + 1.0 / (2 * n)),
            1.0 / (16 * n));
    return fine != null && fine.f() > coarse.f() ? fine : coarse;
  }

  /** The best sinusoid of the frequencies from {@code low} to {@code high}, {@code step} apart. */
  private static Sinusoid best(Segments s, double low, double high, double step) {
    Sinusoid best = null;
    for (double f = low; f <= high; f += step) {
      Sinusoid fit = s.fit(1 / f);
      if (fit != null && (best == null || fit.f() > best.f())) {
        best = fit;
      }
    }
    return best;
  }

  /** How many Fourier frequencies (1/n apart) lie between cycles of the two lengths. */
  static int frequencies(int n, double shortest, double longest) {
    return Math.max(1, (int) Math.ceil(n * (1 / shortest - 1 / longest)));
  }

  /** The runs less each segment's mean, and the segments' bounds. */
  private record Segments(double[] centred, int[] starts, double rss) {
    static Segments of(double[] y, List<Integer> cuts) {
      int n = y.length;
      List<Integer> ends = new ArrayList<>(cuts);
      ends.add(n);
      int[] starts = new int[ends.size() + 1];
      double[] centred = new double[n];
      double rss = 0;
      int lo = 0;
      for (int k = 0; k < ends.size(); k++) {
        int hi = ends.get(k);
        starts[k] = lo;
        double mean = 0;
        for (int i = lo; i < hi; i++) {
          mean += y[i] / (hi - lo);
        }
        for (int i = lo; i < hi; i++) {
          centred[i] = y[i] - mean;
          rss += centred[i] * centred[i];
        }
        lo = hi;
      }
      starts[ends.size()] = n;
      return new Segments(centred, starts, rss);
    }

    /**
     * The sinusoid of {@code length} runs fitted with the levels: the cosine and sine less their
     * means in each segment, regressed on the centred runs (Frisch-Waugh).
     */
    Sinusoid fit(double length) {
      double w = 2 * Math.PI / length;
      double cw = Math.cos(w);
      double sw = Math.sin(w);
      double c = 1;
      double s = 0;
      double cy = 0;
      double sy = 0;
      double cc = 0;
      double ss = 0;
      double cs = 0;
      for (int k = 0; k + 1 < starts.length; k++) {
        double sumC = 0;
        double sumS = 0;
        int lo = starts[k];
        int hi = starts[k + 1];
        for (int i = lo; i < hi; i++) {
          cy += c * centred[i];
          sy += s * centred[i];
          cc += c * c;
          ss += s * s;
          cs += c * s;
          sumC += c;
          sumS += s;
          double next = c * cw - s * sw; // the angle advanced by w, without a cosine per run
          s = s * cw + c * sw;
          c = next;
        }
        if (hi > lo) {
          cc -= sumC * sumC / (hi - lo);
          ss -= sumS * sumS / (hi - lo);
          cs -= sumC * sumS / (hi - lo);
        }
      }
      double det = cc * ss - cs * cs;
      int dof = centred.length - (starts.length - 1) - 2;
      if (!(det > 1e-9 * cc * ss) || dof <= 0) {
        return null; // the sinusoid is (nearly) a level in every segment
      }
      double cosine = (ss * cy - cs * sy) / det;
      double sine = (cc * sy - cs * cy) / det;
      double gain = cosine * cy + sine * sy;
      double left = Math.max(rss - gain, 1e-300);
      return new Sinusoid(length, cosine, sine, gain / 2 / (left / dof), dof);
    }
  }
}
