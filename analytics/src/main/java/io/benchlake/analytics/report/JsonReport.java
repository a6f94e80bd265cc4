package io.benchlake.analytics.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.benchlake.analytics.stability.IterationStability;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a comparison report as JSON for scripts and CI, in the stable shape documented in
 * docs/sql.md ("report --format json"): format "benchlake.report/1", unrounded numbers.
 */
public final class JsonReport {
  public static final String FORMAT = "benchlake.report/1";
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JsonReport() {}

  public static String render(ComparisonReport r) {
    try {
      return JSON.writeValueAsString(tree(r)) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The report as maps and lists, in a fixed key order. */
  public static Map<String, Object> tree(ComparisonReport r) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("format", FORMAT);
    root.put("title", r.title());
    root.put("test", r.test());
    root.put("metric", r.metric());
    root.put("datasets", r.datasets());
    root.put("baseline", r.baseline().orElse(null));
    root.put("threads", r.threads());
    List<Map<String, Object>> cells = new ArrayList<>();
    for (String d : r.datasets()) {
      for (int t : r.threads()) {
        r.at(d, t)
            .ifPresent(
                s -> {
                  Map<String, Object> c = new LinkedHashMap<>();
                  c.put("dataset", d);
                  c.put("threads", t);
                  c.put("n", s.n());
                  c.put("mean", s.mean());
                  c.put("max", s.max());
                  c.put("min", s.min());
                  c.put("stddev", s.stddev());
                  c.put("cov", s.cov());
                  c.put("median", s.median());
                  c.put("p95", s.p95());
                  c.put("p99", s.p99());
                  c.put("skewness", s.skewness());
                  c.put("iterations", s.iterations());
                  c.put("iteration_numbers", s.iterationNumbers());
                  c.put("statistics_from", s.fromSource() ? "source" : "iterations");
                  var change = r.changePct(d, t);
                  c.put("change_pct", change.isPresent() ? change.getAsDouble() : null);
                  c.put(
                      "unstable_iterations",
                      r.stability().isPresent() ? r.unstableIterations(d, t) : null);
                  cells.add(c);
                });
      }
    }
    root.put("cells", cells);
    List<Map<String, Object>> peaks = new ArrayList<>();
    for (Peak p : Peak.of(r)) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("dataset", p.dataset());
      m.put("threads", p.threads());
      m.put("mean", p.mean());
      m.put("text", p.describe(r.metric(), r.test()));
      peaks.add(m);
    }
    root.put("thread_unit", Peak.unit(r.test()));
    root.put("peaks", peaks);
    root.put("system_info", properties(r.system()));
    root.put("database_info", properties(r.database()));
    root.put("test_info", properties(r.testInfo()));
    List<Map<String, Object>> differences = new ArrayList<>();
    for (Difference d : r.differences()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("section", d.section());
      m.put("name", d.name());
      m.put("values", d.values());
      differences.add(m);
    }
    root.put("differences", differences);
    List<Map<String, Object>> leftOut = new ArrayList<>();
    for (LeftOut o : r.leftOut()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("dataset", o.dataset());
      m.put("run_id", o.runId());
      m.put("threads", o.threads());
      m.put("iteration", o.iteration());
      m.put("reason", o.reason());
      leftOut.add(m);
    }
    root.put("left_out", leftOut);
    root.put("stability", r.stability().map(st -> stability(r, st)).orElse(null));
    return root;
  }

  /** The thresholds, and each cell's iterations as checked. */
  private static Map<String, Object> stability(ComparisonReport r, ReportStability s) {
    Map<String, Object> m = new LinkedHashMap<>();
    Map<String, Object> thresholds = new LinkedHashMap<>();
    thresholds.put("min_intervals", s.thresholds().minIntervals());
    thresholds.put("stall_share", s.thresholds().stallShare());
    thresholds.put("warmup_alpha", s.thresholds().warmupAlpha());
    thresholds.put("warmup_change", s.thresholds().warmupChange());
    thresholds.put("max_cov", s.thresholds().maxCov());
    m.put("thresholds", thresholds);
    List<Map<String, Object>> cells = new ArrayList<>();
    for (String d : r.datasets()) {
      for (int t : r.threads()) {
        if (r.at(d, t).isEmpty()) {
          continue;
        }
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("dataset", d);
        c.put("threads", t);
        c.put("text", s.describe(d, t));
        List<Map<String, Object>> iterations = new ArrayList<>();
        for (IterationStability.Verdict v : s.at(d, t)) {
          Map<String, Object> i = new LinkedHashMap<>();
          i.put("iteration", v.iteration());
          i.put("intervals", v.intervals());
          i.put("checked", v.checked());
          i.put("unstable", v.unstable());
          i.put("median", finite(v.median()));
          i.put("cov_pct", finite(v.covPct()));
          i.put("lowest", finite(v.lowest()));
          i.put("stalls_at_s", v.stallOffsets());
          i.put("warmup_p", v.warmupP());
          i.put("warmup_change_pct", v.warmupChangePct());
          i.put("problems", v.problems());
          iterations.add(i);
        }
        c.put("iterations", iterations);
        cells.add(c);
      }
    }
    m.put("cells", cells);
    return m;
  }

  private static Double finite(double v) {
    return Double.isFinite(v) ? v : null;
  }

  private static Map<String, Object> properties(PropertyTable table) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("names", table.names());
    m.put("values", table.values());
    return m;
  }
}
