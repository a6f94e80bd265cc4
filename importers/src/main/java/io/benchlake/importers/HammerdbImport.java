package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The HammerDB files of one import become runs (docs/import.md): grouped by what belongs together,
 * each dated by what it printed, else by --started-at (a date or {@code mtime}); a run nothing
 * dates is refused rather than dated by accident.
 */
final class HammerdbImport {
  private HammerdbImport() {}

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
