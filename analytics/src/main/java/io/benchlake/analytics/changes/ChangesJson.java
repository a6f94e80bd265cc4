package io.benchlake.analytics.changes;

import io.benchlake.changepoints.Detector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The JSON of {@code benchlake changes} ("benchlake.changes/1"), as maps in key order. */
final class ChangesJson {
  private ChangesJson() {}

  static Map<String, Object> of(ChangesQuery.Result r) {
    Detector.Result f = r.found();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", ChangesReport.FORMAT);
    m.put("test", r.test());
    m.put("threads", r.threads());
    m.put("metric", r.metric());
    m.put("by", r.by());
    m.put("testbed", r.host());
    m.put("host", r.host()); // the old name of "testbed", kept for readers of benchlake.changes/1
    m.put("runs", r.runs().size());
    m.put("method", r.method().label());
    m.put("parameters", r.parameters());
    m.put("noise", finite(f.noise()));
    List<Map<String, Object>> changes = new ArrayList<>();
    for (Detector.Change c : r.changes()) {
      ChangesQuery.Run run = r.runs().get(c.index());
      Map<String, Object> cm = new LinkedHashMap<>();
      cm.put("point", c.index() + 1);
      cm.put("run_id", run.runId());
      cm.put("started_at", run.startedAt());
      cm.put("version", run.version());
      cm.put("dataset", run.dataset());
      cm.put("mean_before", c.levelBefore());
      cm.put("mean_after", c.levelAfter());
      cm.put("change_pct", c.changePct());
      cm.put("ci_low_pct", finite(c.ciLowPct()));
      cm.put("ci_high_pct", finite(c.ciHighPct()));
      cm.put("z", finite(c.z()));
      cm.put("p_value", c.pValue());
      cm.put("test", c.test().key());
      cm.put("autocorrelation", finite(c.autocorrelation()));
      cm.put("points_from", c.from() + 1);
      cm.put("points_to", c.to());
      cm.put("noise", finite(c.noise()));
      changes.add(cm);
    }
    m.put("changes", changes);
    List<Map<String, Object>> trends = new ArrayList<>();
    for (TrendRate t : TrendRate.of(r)) {
      Map<String, Object> tm = new LinkedHashMap<>();
      tm.put("points_from", t.trend().from() + 1);
      tm.put("points_to", t.trend().to());
      tm.put("pct_per_" + t.unit(), t.pctPerUnit());
      tm.put("pct_per_run", t.trend().pctPerPoint());
      tm.put("p_value", t.trend().pValue());
      trends.add(tm);
    }
    m.put("trends", trends);
    List<Map<String, Object>> outliers = new ArrayList<>();
    for (Detector.Outlier o : f.outliers()) {
      Map<String, Object> om = new LinkedHashMap<>();
      om.put("point", o.index() + 1);
      om.put("run_id", r.runs().get(o.index()).runId());
      om.put("value", o.value());
      om.put("expected", o.expected());
      om.put("deviation_pct", o.deviationPct());
      outliers.add(om);
    }
    m.put("outliers", outliers);
    List<Map<String, Object>> markers = new ArrayList<>();
    for (RunMarkers.Marker mk : r.markers()) {
      ChangesQuery.Run run = r.runs().get(mk.index());
      Map<String, Object> mm = new LinkedHashMap<>();
      mm.put("point", mk.index() + 1);
      mm.put("run_id", run.runId());
      mm.put("started_at", run.startedAt());
      mm.put("marker", mk.text());
      markers.add(mm);
    }
    m.put("markers", markers);
    if (f.season() != null) {
      Map<String, Object> sm = new LinkedHashMap<>();
      double period = f.season().period();
      sm.put("period", period == Math.rint(period) ? (Object) (long) period : (Object) period);
      sm.put("amplitude", f.season().amplitude());
      sm.put("p_value", f.season().pValue());
      m.put("season", sm);
    } else {
      m.put("season", null);
    }
    return m;
  }

  /** NaN and infinities are not JSON numbers: null instead (Otava's method has no interval). */
  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }
}
