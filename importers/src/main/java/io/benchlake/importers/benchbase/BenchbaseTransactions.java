package io.benchlake.importers.benchbase;

import io.benchlake.schemas.IterationValue;
import java.util.ArrayList;
import java.util.List;

/**
 * One transaction type's figures from its {@code *.results.<Tx>.csv}: the windows' requests added
 * up ({@code <Tx>_calls}, when the window's length is known), the least minimum, the largest
 * maximum and the average weighted by each window's requests ({@code <Tx>_min|avg|max}, ms). The
 * windows' percentiles cannot be merged into the run's, so none is read.
 */
final class BenchbaseTransactions {
  private BenchbaseTransactions() {}

  static List<IterationValue> values(
      String transaction, List<BenchbaseCsv.Window> windows, Integer windowS) {
    String source = "benchbase:results." + transaction;
    List<IterationValue> out = new ArrayList<>();
    double min = Double.MAX_VALUE;
    double max = -1;
    double weighted = 0;
    double calls = 0;
    boolean any = false;
    for (BenchbaseCsv.Window w : windows) {
      if (w.avgMs() == null) {
        continue;
      }
      any = true;
      min = Math.min(min, w.minMs());
      max = Math.max(max, w.maxMs());
      // throughput is the window's requests / its length, printed to 3 decimals
      double requests = windowS == null ? 1 : Math.rint(w.throughput() * windowS);
      weighted += w.avgMs() * requests;
      calls += requests;
    }
    if (!any) {
      return out;
    }
    if (windowS != null) {
      out.add(new IterationValue(transaction + "_calls", calls, "calls", source));
    }
    out.add(new IterationValue(transaction + "_min", min, "ms", source));
    if (windowS != null && calls > 0) {
      out.add(new IterationValue(transaction + "_avg", round3(weighted / calls), "ms", source));
    } else if (windows.stream().filter(w -> w.avgMs() != null).count() == 1) {
      out.add(
          new IterationValue(
              transaction + "_avg",
              windows.stream().filter(w -> w.avgMs() != null).findFirst().get().avgMs(),
              "ms",
              source));
    }
    out.add(new IterationValue(transaction + "_max", max, "ms", source));
    return out;
  }

  private static double round3(double v) {
    return Math.rint(v * 1000) / 1000;
  }
}
