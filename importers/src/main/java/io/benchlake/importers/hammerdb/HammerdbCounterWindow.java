package io.benchlake.importers.hammerdb;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The transaction counter's samples of one run placed in it: offsets from the counter's start, and
 * which samples lie in the timed window. The counter runs from tcstart to tcstop, so it covers the
 * ramp-up and, after the end snapshot, a tail of zeros; the window is the test period that ends at
 * the last non-zero sample (the ramp-up after the first non-zero one when the duration is not
 * known), or, when the run's start and the samples are both dated, the rampup and duration from
 * that start. The first sample, always 0, is the counter's start and no sample; samples after the
 * window (the shutdown tail) are dropped.
 */
final class HammerdbCounterWindow {
  /** HammerDB's counter samples every 10 s unless told otherwise (tc_refresh_rate). */
  static final double DEFAULT_INTERVAL_S = 10;

  /** One sample of the run: offset (end of its interval), its interval, tpm, in the window. */
  record Placed(int index, double offsetS, double intervalS, long tpm, boolean measured) {}

  private HammerdbCounterWindow() {}

  /**
   * The samples of {@code counter}; {@code runStartS} is where the run began, in seconds after the
   * counter's first sample, when both are dated: then the window is exact, else it is found from
   * the counter's own non-zero samples.
   */
  static List<Placed> place(
      HammerdbFile.Counter counter,
      Integer rampupMin,
      Integer durationMin,
      Optional<Double> runStartS) {
    List<HammerdbFile.CounterSample> s = counter.samples();
    double[] offset = new double[s.size()];
    boolean timed = s.stream().allMatch(x -> x.at().isPresent());
    for (int i = 0; i < s.size(); i++) {
      offset[i] =
          timed ? s.get(0).at().get().secondsTo(s.get(i).at().get()) : i * DEFAULT_INTERVAL_S;
    }
    int firstActive = -1;
    int lastActive = -1;
    for (int i = 0; i < s.size(); i++) {
      if (s.get(i).tpm() > 0) {
        firstActive = firstActive < 0 ? i : firstActive;
        lastActive = i;
      }
    }
    List<Placed> out = new ArrayList<>();
    if (lastActive < 0) {
      return out;
    }
    double rampupS = rampupMin == null ? 0 : rampupMin * 60.0;
    double start;
    double end;
    if (timed && runStartS.isPresent() && durationMin != null) {
      start = runStartS.get() + rampupS;
      end = start + durationMin * 60.0;
    } else {
      end = offset[lastActive];
      start = durationMin != null ? end - durationMin * 60.0 : offset[firstActive] + rampupS;
    }
    for (int i = 1; i < s.size() && offset[i] <= end + 1e-6; i++) {
      double interval = Math.max(1e-3, offset[i] - offset[i - 1]);
      // a sample is in the window when its whole interval is
      boolean measured = offset[i] - interval >= start - 1e-6;
      out.add(new Placed(i, offset[i], interval, s.get(i).tpm(), measured));
    }
    return out;
  }
}
