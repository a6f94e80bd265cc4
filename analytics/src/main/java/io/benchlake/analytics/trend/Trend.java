package io.benchlake.analytics.trend;

import java.util.List;

/**
 * A metric of one test at one thread count over time (by month) or over releases: points in order,
 * grouped into series (one per testbed, and per config line where A/B configs interleave on it:
 * different machines are never mixed).
 */
public record Trend(String test, int threads, String metric, String by, List<Point> points) {

  /**
   * One point: its series, the month or release, the mean over its runs' iterations, the change
   * from the series' point before, and a marker where the config or tool changed since then (null
   * where none did).
   */
  public record Point(
      String series,
      String key,
      long runs,
      long iterations,
      double mean,
      Double changePct,
      String marker) {}

  public Trend {
    points = List.copyOf(points);
  }

  public List<String> series() {
    return points.stream().map(Point::series).distinct().toList();
  }
}
