package io.benchlake.alerts;

import io.benchlake.schemas.Alert;

/**
 * What one evaluation found in a series: its kind and direction (regression or improvement), the
 * point it is located at (the first run after a change, the outlier, a trend's start, a new
 * version's first run), its provenance, the versions either side for its summary, and what it found
 * in words where its provenance does not say it (an unstable run's problems).
 */
public record Finding(
    Alert.Kind kind,
    String direction,
    int index,
    String locatedRunId,
    java.time.Instant locatedAt,
    Alert.Provenance provenance,
    String summaryLabel,
    String why) {
  /** A finding without words of its own beyond its provenance. */
  public Finding(
      Alert.Kind kind,
      String direction,
      int index,
      String locatedRunId,
      java.time.Instant locatedAt,
      Alert.Provenance provenance,
      String summaryLabel) {
    this(kind, direction, index, locatedRunId, locatedAt, provenance, summaryLabel, null);
  }
}
