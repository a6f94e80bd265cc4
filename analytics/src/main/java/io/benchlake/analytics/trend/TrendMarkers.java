package io.benchlake.analytics.trend;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The markers of one series, point by point: where its config (a known fingerprint) or its tool
 * (the runs' source: a sysbench log, benchlake's loadgen) changed from the point before. A point
 * whose runs have no known config is never a change of config: the last known one stands across it.
 * `changes` marks its runs the same way, a run a point.
 */
public final class TrendMarkers {
  private String configs = "";
  private String tools = "";

  /** The marker of the next point, given its configs and tools (comma-separated, sorted). */
  public String next(String pointConfigs, String pointTools) {
    String c = pointConfigs == null ? "" : pointConfigs;
    String t = pointTools == null ? "" : pointTools;
    List<String> changed = new ArrayList<>();
    if (!c.isEmpty() && !configs.isEmpty() && !sameOrWithin(configs, c)) {
      changed.add("config " + configs + " -> " + c);
    }
    if (!t.isEmpty() && !tools.isEmpty() && !sameOrWithin(tools, t)) {
      changed.add("tool " + tools + " -> " + t);
    }
    if (!c.isEmpty()) {
      configs = c;
    }
    if (!t.isEmpty()) {
      tools = t;
    }
    return changed.isEmpty() ? null : String.join("; ", changed);
  }

  /** Whether every one of {@code now} was there before (a point of fewer runs is no change). */
  private static boolean sameOrWithin(String before, String now) {
    List<String> was = Arrays.asList(before.split(","));
    return was.containsAll(Arrays.asList(now.split(",")));
  }
}
