package io.benchlake.importers.hammerdb;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.LayoutFiles;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.PathLayout;
import io.benchlake.importers.Sidecar;
import io.benchlake.importers.SourceRef;
import io.benchlake.importers.StartedAt;
import io.benchlake.schemas.RunStarted;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
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
    if (layout.isPresent()) {
      for (LayoutFiles.Match m :
          LayoutFiles.find(request, layout.get(), READ_FROM_OUTPUT, LayoutFiles.Unmatched.SKIPPED)
              .files()) {
        pathOf.put(m.file().toString(), m.relative());
        cellOf.put(m.file().toString(), fromLayout(m, request.timezone()));
      }
    }
    for (Path given : layout.isPresent() ? List.<Path>of() : request.paths()) {
      if (Files.isDirectory(given)) {
        for (Path f : ImportFiles.walk(given)) {
          if (!Sidecar.is(f)) {
            pathOf.put(f.toString(), given.relativize(f).toString().replace('\\', '/'));
            cellOf.put(f.toString(), sidecar(f, request.timezone()));
          }
        }
      } else {
        pathOf.put(given.toString(), SourceRef.fileName(given.toString()));
        cellOf.put(given.toString(), sidecar(given, request.timezone()));
      }
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

  /** A ladder's VU counts and iterations are read from its output, never from its path. */
  private static final Map<String, String> READ_FROM_OUTPUT =
      Map.of(
          "threads",
          "a HammerDB ladder's VU counts are read from its output; match that part of the path"
              + " with * instead",
          "iteration",
          "a HammerDB ladder's iterations are read from its output; match that part of the path"
              + " with * instead");

  /** A file's cell from its path: {dataset}, {test}, {testbed} and {date}. */
  private static Cell fromLayout(LayoutFiles.Match m, Optional<ZoneId> zone) {
    return new Cell(
        m.field("dataset"),
        m.field("test"),
        m.field("testbed"),
        m.field("date").map(d -> StartedAt.parse("{date}", d, zone)));
  }

  /** A file's cell from its sidecar, when it has one (a local time in its timezone, else zone). */
  private static Cell sidecar(Path file, Optional<ZoneId> zone) {
    Sidecar side = Sidecar.of(file, zone);
    return new Cell(
        side.dataset(),
        side.test(),
        side.testbed().map(String::strip).filter(t -> !t.isEmpty()),
        side.startedAt().map(StartedAt::parse));
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
