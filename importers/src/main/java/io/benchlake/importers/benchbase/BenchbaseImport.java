package io.benchlake.importers.benchbase;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * {@code benchlake import benchbase DIR…}: every result set under the directories given, grouped
 * into ladder runs ({@link BenchbaseLadder}) and turned into events ({@link BenchbaseEvents}).
 */
public final class BenchbaseImport {
  private BenchbaseImport() {}

  /**
   * The batches of the request's result sets; with {@code failed} given, a set or run that cannot
   * be read is handed to it and skipped, else it is refused.
   */
  public static List<ImportBatch> batches(
      ImportRequest request, Consumer<BadInputException> failed) {
    List<BenchbaseResultSet> sets = BenchbaseDirectory.read(request.paths(), failed);
    BenchbaseEvents.RunFacts facts =
        new BenchbaseEvents.RunFacts(
            request.dataset(),
            request.test(),
            request.serverVersion(),
            request.host(),
            request.testbed());
    List<ImportBatch> out = new ArrayList<>();
    for (BenchbaseLadder.Run run : BenchbaseLadder.runs(sets, request.repeatsAsIterations())) {
      try {
        out.add(BenchbaseEvents.toEvents(run, facts));
      } catch (BadInputException e) {
        if (failed == null) {
          throw e;
        }
        failed.accept(e);
      }
    }
    return out;
  }
}
