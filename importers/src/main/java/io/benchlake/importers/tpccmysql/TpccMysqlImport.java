package io.benchlake.importers.tpccmysql;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.LayoutFiles;
import io.benchlake.importers.PathLayout;
import io.benchlake.importers.SourceFile;
import io.benchlake.importers.SourceRef;
import io.benchlake.importers.StartedAt;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * {@code benchlake import tpcc-mysql FILE…|--layout PATTERN DIR}: the runs printed in the files, in
 * the order given (under a layout, name order within each cell), as ladder runs of one dataset. The
 * output carries no date and no server version: the dataset is {@code --dataset} or the layout's
 * {@code {dataset}}, the date {@code {date}}, {@code --started-at} (a date, or {@code mtime}: its
 * first file's modification time); two runs of one cell that one date would give the same start are
 * refused.
 */
public final class TpccMysqlImport {
  private TpccMysqlImport() {}

  public static final String DEFAULT_TEST = "TPCC_MYSQL";

  /** tpcc-mysql prints each run's connections, and each file holds whole runs. */
  private static final Map<String, String> READ_FROM_OUTPUT =
      Map.of(
          "threads",
          "tpcc-mysql prints each run's ' [connection]: N': match that part of the path with *"
              + " instead",
          "iteration",
          "a tpcc-mysql ladder's iterations follow from its files' order (--repeats iterations):"
              + " match that part of the path with * instead");

  /** What the files of one cell are of: the layout's fields, else the options. */
  private record Cell(
      String dataset, String test, Optional<String> testbed, Optional<Instant> date) {}

  /** A file to read, the cell it belongs to, and what the user imported it as. */
  private record Source(Path file, Cell cell, String path) {}

  /**
   * The batches of the request's files; with {@code failed} given, a file that cannot be read (or,
   * under a layout, is not a path it names) is handed to it and skipped, else it is refused.
   */
  public static List<ImportBatch> batches(
      ImportRequest request, Consumer<BadInputException> failed) {
    List<Source> sources =
        request.layout().isPresent()
            ? byLayout(request, new PathLayout(request.layout().get()), failed)
            : byName(request);
    Map<Cell, List<TpccMysqlResult>> results = new LinkedHashMap<>();
    Map<String, Source> sourceOf = new HashMap<>();
    Map<String, Instant> modified = new HashMap<>();
    for (Source s : sources) {
      List<TpccMysqlResult> read = List.of();
      try {
        SourceFile file = SourceFile.read(s.file());
        modified.put(file.name(), file.modified());
        read = TpccMysqlParser.parse(file);
        sourceOf.put(file.name(), s);
      } catch (BadInputException e) {
        if (failed == null) {
          throw e;
        }
        failed.accept(e);
      }
      results.computeIfAbsent(s.cell(), c -> new ArrayList<>()).addAll(read);
    }
    List<ImportBatch> out = new ArrayList<>();
    for (var cell : results.entrySet()) {
      Cell c = cell.getKey();
      TpccMysqlEvents.RunFacts facts =
          new TpccMysqlEvents.RunFacts(
              c.dataset(), c.test(), request.serverVersion(), request.host(), c.testbed());
      Map<Instant, TpccMysqlResult> startOf = new HashMap<>();
      for (List<TpccMysqlResult> run :
          TpccMysqlEvents.ladders(cell.getValue(), request.repeatsAsIterations())) {
        TpccMysqlResult first = run.get(0);
        Instant start = c.date().or(request::startedAt).orElseGet(() -> modified.get(first.file()));
        TpccMysqlResult other = startOf.putIfAbsent(start, first);
        if (other != null) {
          throw new BadInputException(
              first.where()
                  + ": a second ladder run (after the one at "
                  + other.where()
                  + ") that --started-at would give the same start "
                  + start
                  + ": import them one at a time, each with its own --started-at (or a {date} in"
                  + " --layout)");
        }
        out.add(
            TpccMysqlEvents.toEvents(run, facts, start)
                .withSources(
                    f ->
                        new SourceRef(
                            f,
                            sourceOf.get(f).path(),
                            request.layout().isPresent()
                                ? sourceOf.get(f).cell().dataset()
                                : request.dataset().orElse(null),
                            c.test())));
      }
    }
    return out;
  }

  /** The files given by name: one cell, of the options. */
  private static List<Source> byName(ImportRequest request) {
    if (request.dataset().isEmpty()) {
      throw new BadInputException(
          "import tpcc-mysql needs --dataset LABEL (its output names no server)");
    }
    requireDate(request, "");
    Cell cell =
        new Cell(
            request.dataset().get(),
            request.test().orElse(DEFAULT_TEST),
            request.testbed(),
            Optional.empty());
    List<Source> out = new ArrayList<>();
    for (Path path : request.paths()) {
      ImportFiles.refuseDirectory(
          path,
          request.format().name(),
          ", or --layout PATTERN to read every output under it (e.g. --layout"
              + " '{dataset}/{date}/*.log')");
      out.add(new Source(path, cell, dated(request) + SourceRef.fileName(path.toString())));
    }
    return out;
  }

  /** Every file under the directories given, each a path the layout names. */
  private static List<Source> byLayout(
      ImportRequest request, PathLayout layout, Consumer<BadInputException> failed) {
    if (!layout.names().contains("dataset") && request.dataset().isEmpty()) {
      throw new BadInputException(
          "import tpcc-mysql needs --dataset LABEL or {dataset} in --layout (its output names no"
              + " server)");
    }
    if (!layout.names().contains("date")) {
      requireDate(request, ", or {date} in --layout");
    }
    LayoutFiles.Found found =
        LayoutFiles.find(request, layout, READ_FROM_OUTPUT, LayoutFiles.Unmatched.REFUSED);
    for (String failure : found.failures()) {
      BadInputException e = new BadInputException(failure);
      if (failed == null) {
        throw e;
      }
      failed.accept(e);
    }
    List<Source> out = new ArrayList<>();
    for (LayoutFiles.Match m : found.files()) {
      Cell cell =
          new Cell(
              m.field("dataset").or(request::dataset).orElseThrow(),
              m.field("test").or(request::test).orElse(DEFAULT_TEST),
              m.field("testbed").or(request::testbed),
              m.field("date").map(d -> StartedAt.parse("{date}", d, request.timezone())));
      out.add(
          new Source(
              m.file(), cell, (cell.date().isPresent() ? "" : dated(request)) + m.relative()));
    }
    return out;
  }

  private static void requireDate(ImportRequest request, String orLayout) {
    if (request.startedAt().isEmpty() && !request.startedAtFromFileTime()) {
      throw new BadInputException(
          "tpcc-mysql output carries no date: give --started-at DATE"
              + orLayout
              + ", or --started-at mtime to use the file's modification time");
    }
  }

  /** A date given is part of what the file was imported as: another date is another run. */
  private static String dated(ImportRequest request) {
    return request.startedAt().map(t -> "started_at=" + t + " ").orElse("");
  }
}
