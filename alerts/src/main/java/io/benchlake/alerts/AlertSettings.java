package io.benchlake.alerts;

import io.benchlake.changepoints.Detector;
import io.benchlake.home.YamlFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The thresholds of the evaluation, from {@code $BENCHLAKE_HOME/alerts.yaml} (each key optional):
 * the metrics evaluated, how many runs apart a later finding still moves an alert, the regression
 * test's threshold and alpha, and the unstable-iteration checks. Recorded in each finding.
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
    minIntervals = minIntervals == null ? 30 : minIntervals;
    stallShare = stallShare == null ? 0.10 : stallShare;
    warmupAlpha = warmupAlpha == null ? 0.01 : warmupAlpha;
    warmupChange = warmupChange == null ? 0.05 : warmupChange;
    maxCov = maxCov == null ? 0.10 : maxCov;
    if (fewRuns < 0) {
      throw new IllegalArgumentException("few-runs must be >= 0, was " + fewRuns);
    }
    if (!(regressionAlpha > 0 && regressionAlpha < 1) || !(warmupAlpha > 0 && warmupAlpha < 1)) {
      throw new IllegalArgumentException("an alpha must be between 0 and 1");
    }
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

  /** The unstable-iteration thresholds, as recorded in each finding. */
  public String unstableThresholds() {
    return String.format(
        Locale.ROOT,
        "at least %d intervals; stall: an interval under %s%% of the median; warm-up: Mann-Kendall"
            + " p < %s over the first third and a change of at least %s%%; CoV over %s%%",
        minIntervals,
        stallShare * 100,
        warmupAlpha,
        warmupChange * 100,
        maxCov * 100);
  }
}
