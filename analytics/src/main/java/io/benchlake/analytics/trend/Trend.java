package io.benchlake.analytics.trend;

import java.util.List;

/**
 * A metric of one test at one thread count over time (by month) or over releases: points in order,
 * grouped into series (by month: one per host and config fingerprint, so different machines are
 * never mixed; by release: one).
 */
public record Trend(String test, int threads, String metric, String by, List<Point> points) {

  /** One point: its series, the month or release, and the mean over its runs' iterations. */
  public record Point(
      String series, String key, long runs, long iterations, double mean, Double changePct) {}

  public Trend {
    points = List.copyOf(points);
  }

  public List<String> series() {
    return points.stream().map(Point::series).distinct().toList();
  }
}
