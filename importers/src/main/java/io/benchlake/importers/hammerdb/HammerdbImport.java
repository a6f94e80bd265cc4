package io.benchlake.importers.hammerdb;

import io.benchlake.core.Labels;
import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.PathLayout;
import io.benchlake.importers.Sidecar;
import io.benchlake.importers.SourceRef;
import io.benchlake.importers.StartedAt;
import io.benchlake.schemas.RunStarted;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The HammerDB files of one import become runs (docs/import.md): grouped by what belongs together,
 * each dated by what it printed, else by --started-at (a date or {@code mtime}); a run nothing
 * dates is refused rather than dated by accident.
 */
final class HammerdbImport {
  private HammerdbImport() {}

  /**
   * What a file's path (--layout) or its sidecar ({@code FILE.meta.json}) says of its runs, over
   * what the options say: the runs of the files of one cell are grouped together.
   */
  private record Cell(
      Optional<String> dataset,
      Optional<String> test,
      Optional<String> testbed,
      Optional<Instant> startedAt) {
    static final Cell NONE =
        new Cell(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());

    HammerdbImporter.RunFacts facts(ImportRequest request) {
      return new HammerdbImporter.RunFacts(
          dataset.or(request::dataset),
          test.or(request::test).orElse("TPROC-C"),
          request.serverVersion(),
          request.host(),
          startedAt.or(request::startedAt),
          request.startedAtFromFileTime(),
          request.timezone(),
          request.repeatsAsIterations(),
          testbed.or(request::testbed));
    }
  }

  /**
   * The files of one HammerDB import, read one by one, then grouped into the runs they tell of
   * (HammerdbImport, docs/import.md), cell by cell.
   */
  static ParseOutcome parse(ImportRequest request) {
    Optional<PathLayout> layout = request.layout().map(PathLayout::new);
    // a directory given is the outputs of a session: every file in it, in name order (with
    // --layout, those the layout matches); a sidecar describes the file beside it
    Map<String, String> pathOf = new LinkedHashMap<>();
    Map<String, Cell> cellOf = new LinkedHashMap<>();
    for (Path given : request.paths()) {
      if (Files.isDirectory(given) || layout.isPresent()) {
        for (Path f : ImportFiles.walk(given)) {
          String relative = given.relativize(f).toString().replace('\\', '/');
          Optional<Cell> cell =
              Sidecar.is(f)
                  ? Optional.empty()
                  : layout.isPresent() ? fromLayout(layout.get(), f, relative) : sidecar(f);
          cell.ifPresent(
              c -> {
                pathOf.put(f.toString(), relative);
                cellOf.put(f.toString(), c);
              });
        }
      } else {
        pathOf.put(given.toString(), SourceRef.fileName(given.toString()));
        cellOf.put(given.toString(), sidecar(given).orElseThrow());
      }
    }
    if (layout.isPresent() && cellOf.isEmpty()) {
      throw new BadInputException(
          "--layout " + request.layout().get() + " matches no file under " + request.paths());
    }
    ImportFiles.Read<HammerdbFile> read =
        ImportFiles.each(
            request, cellOf.keySet().stream().map(Path::of).toList(), HammerdbParser::read);
    request
        .vus()
        .ifPresent(n -> read.values().forEach(f -> f.results.forEach(r -> r.giveVirtualUsers(n))));
    if (read.values().isEmpty()) {
      return new ParseOutcome(List.of(), read.failures(), read.bytes());
    }
    Map<Cell, List<HammerdbFile>> cells = new LinkedHashMap<>();
    read.values()
        .forEach(
            f ->
                cells
                    .computeIfAbsent(cellOf.getOrDefault(f.name, Cell.NONE), c -> new ArrayList<>())
                    .add(f));
    List<String> failures = new ArrayList<>(read.failures());
    List<ImportBatch> batches = new ArrayList<>();
    for (var cell : cells.entrySet()) {
      try {
        for (ImportBatch b : batches(cell.getValue(), cell.getKey().facts(request))) {
          // a HammerDB source is its files as read for the dataset and test each run is of
          RunStarted run = (RunStarted) b.events().get(0);
          batches.add(
              b.withSources(
                  f ->
                      new SourceRef(
                          f,
                          pathOf.getOrDefault(f, SourceRef.fileName(f)),
                          run.dataset(),
                          run.testName())));
        }
      } catch (BadInputException e) {
        failures.add(ImportFiles.failure(request, e));
      }
    }
    return new ParseOutcome(List.copyOf(batches), failures, read.bytes());
  }

  /**
   * A file's cell from its path: {dataset}, {test}, {testbed} and {date}; none when the layout does
   * not match it. {threads} and {iteration} are refused: a ladder's VU counts and iterations are
   * read from its output.
   */
  private static Optional<Cell> fromLayout(PathLayout layout, Path file, String relative) {
    Optional<Map<String, String>> fields = layout.fields(relative);
    if (fields.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> f = fields.get();
    for (String field : List.of("threads", "iteration")) {
      if (f.containsKey(field)) {
        throw new BadInputException(
            "--layout {"
                + field
                + "}: a HammerDB ladder's VU counts and iterations are read from its output; match"
                + " that part of the path with * instead");
      }
    }
    for (var field : f.entrySet()) {
      Labels.problem("{" + field.getKey() + "}", field.getValue())
          .ifPresent(
              p -> {
                throw new BadInputException(file + ": " + p);
              });
    }
    return Optional.of(
        new Cell(
            Optional.ofNullable(f.get("dataset")),
            Optional.ofNullable(f.get("test")),
            Optional.ofNullable(f.get("testbed")),
            Optional.ofNullable(f.get("date")).map(StartedAt::parse)));
  }

  /** A file's cell from its sidecar, when it has one. */
  private static Optional<Cell> sidecar(Path file) {
    Sidecar side = Sidecar.of(file);
    return Optional.of(
        new Cell(
            side.dataset(),
            side.test(),
            side.testbed().map(String::strip).filter(t -> !t.isEmpty()),
            side.startedAt().map(StartedAt::parse)));
  }

  static List<ImportBatch> batches(List<HammerdbFile> files, HammerdbImporter.RunFacts facts) {
    HammerdbDates dates =
        new HammerdbDates(
            facts.timezone(), files.stream().flatMap(f -> f.results.stream()).toList());
    List<HammerdbRun> runs = HammerdbRuns.group(files, dates, facts.repeatsAsIterations());
    List<HammerdbRun> undated = runs.stream().filter(r -> r.startedAt().isEmpty()).toList();
    if (undated.size() > 1 && (facts.startedAt().isPresent() || facts.useFileTime())) {
      throw new BadInputException(
          undated.get(0).first().where()
              + ": "
              + undated.size()
              + " runs carry no date of their own (results at "
              + String.join(", ", undated.stream().map(r -> r.first().where()).toList())
              + ") and one --started-at would give them all one start: import them one at a time");
    }
    List<ImportBatch> out = new ArrayList<>();
    for (HammerdbRun run : runs) {
      out.add(HammerdbImporter.toEvents(run, facts, startedAt(run, facts), dates));
    }
    return out;
  }

  private static Instant startedAt(HammerdbRun run, HammerdbImporter.RunFacts facts) {
    if (run.startedAt().isPresent()) {
      return run.startedAt().get();
    }
    if (facts.startedAt().isPresent()) {
      return facts.startedAt().get();
    }
    if (facts.useFileTime()) {
      return run.oldestModified();
    }
    throw new BadInputException(
        run.first().where()
            + ": no date in the HammerDB output (no jobid, jobs timestamp, Timestamp or End line,"
            + " counter or profile time, nor 'Hammerdb Log @' line): give --started-at DATE, or"
            + " --started-at mtime to use the file's modification time");
  }
}
