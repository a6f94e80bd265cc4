package io.benchlake.importers.hammerdb;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceRef;
import io.benchlake.schemas.RunStarted;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The HammerDB files of one import become runs (docs/import.md): grouped by what belongs together,
 * each dated by what it printed, else by --started-at (a date or {@code mtime}); a run nothing
 * dates is refused rather than dated by accident.
 */
final class HammerdbImport {
  private HammerdbImport() {}

  /**
   * The files of one HammerDB import, read one by one, then grouped into the runs they tell of
   * (HammerdbImport, docs/import.md).
   */
  static ParseOutcome parse(ImportRequest request) {
    // a directory given is the outputs of a session: every file in it, in name order
    List<Path> paths =
        request.paths().stream()
            .flatMap(p -> Files.isDirectory(p) ? ImportFiles.walk(p).stream() : Stream.of(p))
            .toList();
    ImportFiles.Read<HammerdbFile> read = ImportFiles.each(request, paths, HammerdbParser::read);
    if (read.values().isEmpty()) {
      return new ParseOutcome(List.of(), read.failures(), read.bytes());
    }
    List<String> failures = new ArrayList<>(read.failures());
    Map<String, String> pathOf = new LinkedHashMap<>();
    for (Path given : request.paths()) {
      if (Files.isDirectory(given)) {
        ImportFiles.walk(given)
            .forEach(
                f -> pathOf.put(f.toString(), given.relativize(f).toString().replace('\\', '/')));
      } else {
        pathOf.put(given.toString(), SourceRef.fileName(given.toString()));
      }
    }
    List<ImportBatch> batches = List.of();
    try {
      batches =
          batches(
              read.values(),
              new HammerdbImporter.RunFacts(
                  request.dataset(),
                  request.test().orElse("TPROC-C"),
                  request.serverVersion(),
                  request.host(),
                  request.startedAt(),
                  request.startedAtFromFileTime(),
                  request.timezone(),
                  request.repeatsAsIterations(),
                  request.testbed()));
      // a HammerDB source is its files as read for the dataset and test each run is of
      batches =
          batches.stream()
              .map(
                  b -> {
                    RunStarted run = (RunStarted) b.events().get(0);
                    return b.withSources(
                        f ->
                            new SourceRef(
                                f,
                                pathOf.getOrDefault(f, SourceRef.fileName(f)),
                                run.dataset(),
                                run.testName()));
                  })
              .toList();
    } catch (BadInputException e) {
      failures.add(ImportFiles.failure(request, e));
    }
    return new ParseOutcome(batches, failures, read.bytes());
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
