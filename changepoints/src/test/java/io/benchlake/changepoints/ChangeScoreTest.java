package io.benchlake.changepoints;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChangeScoreTest {
  @Test
  void truePositivesMatchEachPredictionOnceAsTcpdDoes() {
    // the examples of TCPDBench's metrics.py
    assertEquals(3, ChangeScore.truePositives(Set.of(1, 10, 20, 23), Set.of(3, 8, 20), 5));
    assertEquals(3, ChangeScore.truePositives(Set.of(1, 10, 20, 23), Set.of(1, 3, 8, 20), 5));
    assertEquals(3, ChangeScore.truePositives(Set.of(1, 10, 20, 23), Set.of(1, 3, 5, 8, 20), 5));
    assertEquals(0, ChangeScore.truePositives(Set.of(), Set.of(1, 2, 3), 5));
    assertEquals(0, ChangeScore.truePositives(Set.of(1, 2, 3), Set.of(), 5));
  }

  @Test
  void reportingNothingStillScoresThroughPointZero() {
    // one annotator with 2 changes: precision 1 (point 0), recall 1/3
    ChangeScore.Score s = ChangeScore.of(List.of(Set.of(50, 100)), Set.of(), 5);
    assertEquals(1, s.precision(), 1e-12);
    assertEquals(1 / 3.0, s.recall(), 1e-12);
    assertEquals(0.5, s.f1(), 1e-12);
    // and a series nobody labelled is perfect only while nothing is reported
    assertEquals(1, ChangeScore.of(List.of(Set.of()), Set.of(), 5).f1(), 1e-12);
    assertEquals(2 / 3.0, ChangeScore.of(List.of(Set.of()), Set.of(40), 5).f1(), 1e-12);
  }

  @Test
  void recallIsTheMeanOverAnnotatorsAndPrecisionCountsAnyAnnotatorsLabel() {
    // annotator A: 20; annotator B: 20 and 60. Predictions 22 and 58.
    ChangeScore.Score s = ChangeScore.of(List.of(Set.of(20), Set.of(20, 60)), Set.of(22, 58), 5);
    assertEquals(1, s.precision(), 1e-12); // 0, 22 and 58 all near a label
    assertEquals(1, s.recall(), 1e-12);
    ChangeScore.Score far = ChangeScore.of(List.of(Set.of(20), Set.of(20, 60)), Set.of(26), 5);
    assertEquals(0.5, far.precision(), 1e-12); // 26 is 6 from 20: outside the margin
    assertEquals((0.5 + 1 / 3.0) / 2, far.recall(), 1e-12);
  }
}
