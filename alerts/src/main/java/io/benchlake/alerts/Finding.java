package io.benchlake.alerts;

import io.benchlake.schemas.Alert;

/**
 * What one evaluation found in a series: its kind and direction (regression or improvement), the
 * point it is located at (the first run after a change, the outlier, a trend's start, a new
 * version's first run), its provenance, and the versions either side for its summary.
 */
public record Finding(
    Alert.Kind kind,
    String direction,
    int index,
    String locatedRunId,
    java.time.Instant locatedAt,
    Alert.Provenance provenance,
    String summaryLabel) {}
