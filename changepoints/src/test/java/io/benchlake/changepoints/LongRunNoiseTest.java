package io.benchlake.changepoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The re-check's long-run autocorrelation floor ({@link Residuals#longRunAutocorrelation}): a level
 * that wanders slowly under a cycle is not cut into steps once the cycle is taken out.
 */
class LongRunNoiseTest {
  /**
   * 500 runs: noise of 0.5, a cycle of 20 runs (amplitude 2.8, as TCPD's quality_control_4), a
   * level wandering as an AR(1) of coefficient 0.98 and innovations of {@code wander}, and a step
   * of 4 at run 200.
   */
  private static List<double[]> wanderingUnderACycle(long seed, double wander) {
    Random r = new Random(seed);
    List<double[]> points = new ArrayList<>();
    double level = 0;
    for (int i = 0; i < 500; i++) {
      level = 0.98 * level + wander * r.nextGaussian();
      double cycle = 1.4 * Math.sin(2 * Math.PI * i / 20);
      points.add(new double[] {100 + level + 0.5 * r.nextGaussian() + (i >= 200 ? 4 : 0) + cycle});
    }
    return points;
  }

  private static List<Integer> changes(List<double[]> points) {
    return Detector.detect(points, Detector.Settings.DEFAULTS).changes().stream()
        .map(Detector.Change::index)
        .toList();
  }

  @Test
  void theWanderUnderACycleIsNotCutIntoSteps() {
    // without the floor: [83, 200] and [200, 464], the wander's turns passing at z 5-6
    assertEquals(List.of(200), changes(wanderingUnderACycle(41, 0.3)));
    assertEquals(List.of(200), changes(wanderingUnderACycle(24, 0.2)));
  }

  @Test
  void whiteNoiseHasNoLongRunFloor() {
    // chance autocorrelations of independent runs do not widen the tests (Ljung-Box at alpha)
    Random r = new Random(7);
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      points.add(new double[] {100 + r.nextGaussian()});
    }
    SeriesAnalysis a = SeriesAnalysis.of(points, Detector.Settings.DEFAULTS);
    assertEquals(0, Residuals.longRunAutocorrelation(a, Lines.segments(a, 0, List.of(), 300)));
  }

  @Test
  void aSlowWanderWeighsMoreThanItsLagOneAutocorrelation() {
    // noise plus a level of AR(1) coefficient 0.98: ρ about 0.2 at every lag, so the long-run
    // variance is far more than the lag-1 autocorrelation's AR(1) inflation says
    Random r = new Random(3);
    List<double[]> points = new ArrayList<>();
    double level = 0;
    for (int i = 0; i < 2000; i++) {
      level = 0.98 * level + 0.1 * r.nextGaussian();
      points.add(new double[] {100 + level + r.nextGaussian()});
    }
    SeriesAnalysis a = SeriesAnalysis.of(points, Detector.Settings.DEFAULTS);
    Fit[] whole = Lines.segments(a, 0, List.of(), 2000);
    double lagOne = Residuals.autocorrelation(a, whole);
    double longRun = Residuals.longRunAutocorrelation(a, whole);
    assertTrue(longRun > lagOne + 0.1, "long-run " + longRun + ", lag 1 " + lagOne);
  }
}
