package io.benchlake.cli;

import io.benchlake.analytics.report.LeftOut;
import java.util.List;

/**
 * The note that results computed without some iterations carry: printed to standard error, so a
 * json or csv result on standard output stays as documented.
 */
final class LeftOutNote {
  private LeftOutNote() {}

  static void print(List<LeftOut> leftOut) {
    if (leftOut.isEmpty()) {
      return;
    }
    System.err.println(
        "benchlake: left out of these statistics by `benchlake annotate` ("
            + leftOut.size()
            + " iteration(s)):");
    leftOut.forEach(o -> System.err.println("  " + o.describe()));
  }
}
