package io.benchlake.importers.tpccmysql;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.SourceFile;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code benchlake import tpcc-mysql FILE…}: the runs printed in the files, in the order given, as
 * ladder runs of one dataset. The output carries no date and no server version: the run is dated by
 * {@code --started-at} (a date, or {@code mtime}: its first file's modification time), and two runs
 * that one date would give the same start are refused.
 */
public final class TpccMysqlImport {
  private TpccMysqlImport() {}

  public static final String DEFAULT_TEST = "TPCC_MYSQL";

  public static List<ImportBatch> batches(
      ImportRequest request, Consumer<BadInputException> failed) {
    if (request.dataset().isEmpty()) {
      throw new BadInputException(
          "import tpcc-mysql needs --dataset LABEL (its output names no server)");
    }
    if (request.startedAt().isEmpty() && !request.startedAtFromFileTime()) {
      throw new BadInputException(
          "tpcc-mysql output carries no date: give --started-at DATE, or --started-at mtime to"
              + " use the file's modification time");
    }
    List<TpccMysqlResult> results = new ArrayList<>();
    Map<String, Instant> modified = new HashMap<>();
    for (var path : request.paths()) {
      try {
        SourceFile file = SourceFile.read(path);
        modified.put(file.name(), file.modified());
        results.addAll(TpccMysqlParser.parse(file));
      } catch (BadInputException e) {
        if (failed == null) {
          throw e;
        }
        failed.accept(e);
      }
    }
    TpccMysqlEvents.RunFacts facts =
        new TpccMysqlEvents.RunFacts(
            request.dataset().get(),
            request.test().orElse(DEFAULT_TEST),
            request.serverVersion(),
            request.host(),
            request.testbed());
    List<List<TpccMysqlResult>> runs =
        TpccMysqlEvents.ladders(results, request.repeatsAsIterations());
    Map<Instant, TpccMysqlResult> startOf = new HashMap<>();
    List<ImportBatch> out = new ArrayList<>();
    for (List<TpccMysqlResult> run : runs) {
      TpccMysqlResult first = run.get(0);
      Instant start = request.startedAt().orElseGet(() -> modified.get(first.file()));
      TpccMysqlResult other = startOf.putIfAbsent(start, first);
      if (other != null) {
        throw new BadInputException(
            first.where()
                + ": a second ladder run (after the one at "
                + other.where()
                + ") that --started-at would give the same start "
                + start
                + ": import them one at a time, each with its own --started-at");
      }
      out.add(TpccMysqlEvents.toEvents(run, facts, start));
    }
    return out;
  }
}
