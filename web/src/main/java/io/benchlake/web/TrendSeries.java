package io.benchlake.web;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.changepoints.Detector;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One series of the trend page: test × thread count × metric (× testbed, when chosen), one point
 * per completed run (the mean of its iterations not left out), and the change points the detector
 * of {@code benchlake changes} finds in it, with their evidence.
 */
record TrendSeries(List<Point> points, List<Detector.Change> changes) {
  /** A run's point: when, what, and the mean of its iteration values. */
  record Point(
      String runId,
      String startedAt,
      String dataset,
      String version,
      String testbed,
      double value) {}

  static TrendSeries load(
      AnalyticsSession session, String test, int threads, String metric, String testbed) {
    QueryResult r =
        DashboardQueries.run(session, "trend_points.sql", test, threads, metric, testbed, testbed);
    List<Point> points = new ArrayList<>();
    List<double[]> values = new ArrayList<>();
    for (List<Object> row : r.rows()) {
      @SuppressWarnings("unchecked")
      List<Object> iterationValues = (List<Object>) row.get(5);
      double[] v = iterationValues.stream().mapToDouble(x -> ((Number) x).doubleValue()).toArray();
      if (v.length == 0) {
        continue;
      }
      values.add(v);
      points.add(
          new Point(
              String.valueOf(row.get(0)),
              String.valueOf(row.get(1)),
              String.valueOf(row.get(2)),
              row.get(3) == null ? null : String.valueOf(row.get(3)),
              row.get(4) == null ? null : String.valueOf(row.get(4)),
              java.util.Arrays.stream(v).average().orElse(Double.NaN)));
    }
    List<Detector.Change> changes =
        points.size() < 3
            ? List.of()
            : Detector.detect(values, Detector.Settings.DEFAULTS).changes();
    return new TrendSeries(points, changes);
  }

  /** The chart's data: x (point numbers), y, run ids and labels, the change points' indexes. */
  Map<String, Object> chartData() {
    Map<String, Object> d = new LinkedHashMap<>();
    d.put("runs", points.stream().map(Point::runId).toList());
    d.put("labels", points.stream().map(p -> p.startedAt() + " " + p.dataset()).toList());
    d.put("values", points.stream().map(Point::value).toList());
    d.put("changes", changes.stream().map(Detector.Change::index).toList());
    return d;
  }

  /** The points as rows for a table and its downloads. */
  QueryResult table() {
    List<List<Object>> rows = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      Point p = points.get(i);
      int index = i;
      Detector.Change c = changes.stream().filter(x -> x.index() == index).findFirst().orElse(null);
      rows.add(
          java.util.Arrays.asList(
              i,
              p.runId(),
              p.startedAt(),
              p.dataset(),
              p.version(),
              p.testbed(),
              p.value(),
              c == null ? null : round(c.changePct()),
              c == null ? null : c.pValue()));
    }
    return new QueryResult(
        List.of(
            "point",
            "run_id",
            "started_at",
            "dataset",
            "version",
            "testbed",
            "value",
            "change_pct",
            "p_value"),
        rows);
  }

  private static double round(double x) {
    return Math.round(x * 100) / 100.0;
  }
}
