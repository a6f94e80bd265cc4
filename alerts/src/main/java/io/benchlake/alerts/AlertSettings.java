package io.benchlake.alerts;

import io.benchlake.analytics.stability.StabilityThresholds;
import io.benchlake.changepoints.Detector;
import io.benchlake.home.YamlFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The thresholds of the evaluation, from {@code $BENCHLAKE_HOME/alerts.yaml} (each key optional):
 * the metrics evaluated, how many runs apart a later finding still moves an alert, the regression
 * test's threshold and alpha, and the unstable-iteration checks ({@link StabilityThresholds}).
 * Recorded in each finding.
 */
public record AlertSettings(
    List<String> metrics,
    Integer fewRuns,
    Double regressionThreshold,
    Double regressionAlpha,
    Integer minIntervals,
    Double stallShare,
    Double warmupAlpha,
    Double warmupChange,
    Double maxCov) {
  /** Each test's primary metric (TPS, NOPM) and its p95/p99 latency. */
  public static final List<String> DEFAULT_METRICS =
      List.of("TPS", "NOPM", "latency_p95_ms", "latency_p99_ms");

  public static final AlertSettings DEFAULTS =
      new AlertSettings(null, null, null, null, null, null, null, null, null);

  public AlertSettings {
    metrics = metrics == null || metrics.isEmpty() ? DEFAULT_METRICS : List.copyOf(metrics);
    fewRuns = fewRuns == null ? 3 : fewRuns;
    regressionThreshold = regressionThreshold == null ? 0.03 : regressionThreshold;
    regressionAlpha = regressionAlpha == null ? 0.05 : regressionAlpha;
    StabilityThresholds d = StabilityThresholds.DEFAULTS;
    minIntervals = minIntervals == null ? d.minIntervals() : minIntervals;
    stallShare = stallShare == null ? d.stallShare() : stallShare;
    warmupAlpha = warmupAlpha == null ? d.warmupAlpha() : warmupAlpha;
    warmupChange = warmupChange == null ? d.warmupChange() : warmupChange;
    maxCov = maxCov == null ? d.maxCov() : maxCov;
    if (fewRuns < 0) {
      throw new IllegalArgumentException("few-runs must be >= 0, was " + fewRuns);
    }
    if (!(regressionAlpha > 0 && regressionAlpha < 1)) {
      throw new IllegalArgumentException("regression-alpha must be between 0 and 1");
    }
    new StabilityThresholds(minIntervals, stallShare, warmupAlpha, warmupChange, maxCov);
  }

  /** The settings of the home's alerts.yaml, the defaults where it or a key is missing. */
  public static AlertSettings of(Path home) {
    Path file = home.resolve("alerts.yaml");
    if (!Files.isRegularFile(file)) {
      return DEFAULTS;
    }
    return YamlFile.parse(
        YamlFile.text(file, "alert settings"), file.toString(), AlertSettings.class, "alerts file");
  }

  /** The default change detector's settings. */
  public Detector.Settings detector() {
    return Detector.Settings.DEFAULTS;
  }

  /** The thresholds of the unstable-run checks, which analytics applies (reports too). */
  public StabilityThresholds stability() {
    return new StabilityThresholds(minIntervals, stallShare, warmupAlpha, warmupChange, maxCov);
  }

  /** The unstable-iteration thresholds, as recorded in each finding. */
  public String unstableThresholds() {
    return stability().describe();
  }
}
