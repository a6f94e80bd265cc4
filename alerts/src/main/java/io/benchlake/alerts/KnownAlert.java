package io.benchlake.alerts;

import io.benchlake.schemas.Alert;
import java.time.Instant;

/**
 * An alert the warehouse holds, as the evaluation needs it: its id, series, kind, direction, where
 * it is now located, its last change (raised, moved, vanished, superseded) and when it was raised.
 */
public record KnownAlert(
    String alertId,
    SeriesKey series,
    Alert.Kind kind,
    String direction,
    String locatedRunId,
    Alert.Change lastChange,
    Instant raisedAt) {
  public boolean active() {
    return lastChange == Alert.Change.raised || lastChange == Alert.Change.moved;
  }
}
