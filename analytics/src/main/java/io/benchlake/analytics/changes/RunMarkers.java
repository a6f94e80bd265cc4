package io.benchlake.analytics.changes;

import io.benchlake.analytics.trend.TrendMarkers;
import java.util.ArrayList;
import java.util.List;

/**
 * The markers of a history, as `trend` prints them between its points: where a run's config (a
 * known fingerprint) replaced the one before, or its tool changed (sysbench to benchlake's
 * loadgen). A run without a known config is no change; the config before stands across it.
 */
public final class RunMarkers {
  private RunMarkers() {}

  /** A marker at the run of index {@code index} in the history: what changed there. */
  public record Marker(int index, String text) {}

  public static List<Marker> of(List<ChangesQuery.Run> runs) {
    TrendMarkers markers = new TrendMarkers();
    List<Marker> out = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      String text = markers.next(runs.get(i).config(), runs.get(i).tool());
      if (text != null) {
        out.add(new Marker(i, text));
      }
    }
    return out;
  }
}
