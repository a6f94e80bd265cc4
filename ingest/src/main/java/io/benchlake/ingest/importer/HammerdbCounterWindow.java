package io.benchlake.ingest.importer;

import java.util.ArrayList;
import java.util.List;

/**
 * The transaction counter's samples of one run placed in it: offsets from the counter's start, and
 * which samples lie in the timed window. The counter runs from tcstart to tcstop, so it covers the
 * ramp-up and, after the end snapshot, a tail of zeros; the window is the test period that ends at
 * the last non-zero sample (the ramp-up after the first non-zero one when the duration is not
 * known). The first sample, always 0, is the counter's start and no sample; the tail is dropped.
 */
final class HammerdbCounterWindow {
  /** HammerDB's counter samples every 10 s unless told otherwise (tc_refresh_rate). */
  static final double DEFAULT_INTERVAL_S = 10;

  /** One sample of the run: offset (end of its interval), its interval, tpm, in the window. */
  record Placed(int index, double offsetS, double intervalS, long tpm, boolean measured) {}

  private HammerdbCounterWindow() {}

  static List<Placed> place(HammerdbFile.Counter counter, Integer rampupMin, Integer durationMin) {
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
    double end = offset[lastActive];
    double start =
        durationMin != null
            ? end - durationMin * 60.0
            : offset[firstActive] + (rampupMin == null ? 0 : rampupMin * 60.0);
    for (int i = 1; i <= lastActive; i++) {
      double interval = Math.max(1e-3, offset[i] - offset[i - 1]);
      // a sample is in the window when its whole interval is: it ends after the window starts
      boolean measured = offset[i] - interval >= start - 1e-6 && offset[i] <= end + 1e-6;
      out.add(new Placed(i, offset[i], interval, s.get(i).tpm(), measured));
    }
    return out;
  }
}
