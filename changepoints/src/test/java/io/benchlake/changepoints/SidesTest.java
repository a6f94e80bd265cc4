package io.benchlake.changepoints;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A failing change's sides are looked into for a step the partition missed before it is dropped.
 */
class SidesTest {
  @Test
  void aShortBumpIsFoundWhenTheStepBackIsMissedByThePartition() {
    // +3% for 8 runs in the middle of 120 runs at 1% noise: the partition often cuts at the bump's
    // start only, and the step back down, inside the long segment after it, left that segment's
    // level and spread between the two: the start failed its test and was dropped, and no one step
    // splits the whole history well. Both ends found in 88 of 100 histories with the look inside
    // the sides, 71 without.
    int both = 0;
    int others = 0;
    for (long seed = 1; seed <= 100; seed++) {
      List<double[]> points =
          SyntheticHistories.series(seed, 120, 0.01, i -> i >= 60 && i < 68 ? 1030 : 1000);
      List<Integer> found =
          Detector.detect(points, Detector.Settings.DEFAULTS).changes().stream()
              .map(Detector.Change::index)
              .toList();
      boolean start = found.stream().anyMatch(c -> Math.abs(c - 60) <= 1);
      boolean end = found.stream().anyMatch(c -> Math.abs(c - 68) <= 1);
      both += start && end ? 1 : 0;
      others += found.size() - (start ? 1 : 0) - (end ? 1 : 0);
    }
    assertTrue(both >= 85, "both ends of the bump found in " + both + " of 100");
    assertTrue(others <= 6, "changes elsewhere: " + others);
  }
}
