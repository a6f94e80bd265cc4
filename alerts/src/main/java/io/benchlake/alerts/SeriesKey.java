package io.benchlake.alerts;

/** A series: test × metric × thread count × testbed (canonical names). */
public record SeriesKey(String test, String metric, int threads, String testbed) {
  @Override
  public String toString() {
    return test + " " + metric + " @" + threads + (testbed == null ? "" : " on " + testbed);
  }
}
