package io.benchlake.importers.hammerdb;

import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.TransactionTiming;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one HammerDB file says: its timed runs' results (each with what was printed around it) and
 * the time profiles and counter series that are not tied to a result in this file.
 */
final class HammerdbFile {
  /** A time profile summary: k reporting VUs (0: not said) and each procedure's timing. */
  record Profile(
      int activeVus,
      List<TransactionTiming> procedures,
      Source source,
      Optional<HammerdbClock> reported,
      String database,
      String where) {}

  /** Where a profile came from, most trusted first (jobs timing before v4.12 is the last VU's). */
  enum Source {
    XTPROF("hammerdb:xtprof"),
    SAVED_REPORT("hammerdb:job-report"),
    JOBS_TIMING("hammerdb:jobs-timing"),
    ETPROF("hammerdb:etprof");

    final String label;

    Source(String label) {
      this.label = label;
    }
  }

  /** One transaction counter series: tpm samples, timed when the log had timestamps. */
  record Counter(String database, List<CounterSample> samples, String where) {
    Optional<HammerdbClock> first() {
      return samples.stream().flatMap(s -> s.at().stream()).findFirst();
    }
  }

  /** One transaction counter sample. */
  record CounterSample(Optional<HammerdbClock> at, long tpm) {}

  final String name;
  final String digest;
  final Instant modified;
  final List<HammerdbResult> results = new ArrayList<>();
  final List<Profile> profiles = new ArrayList<>();
  final List<Counter> counters = new ArrayList<>();
  String hammerdbVersion;
  String dbVersion;
  Integer warehouses;

  HammerdbFile(SourceFile f) {
    this.name = f.name();
    this.digest = f.digest();
    this.modified = f.modified();
  }

  String at(int lineIndex) {
    return name + ":" + (lineIndex + 1);
  }

  boolean isEmpty() {
    return results.isEmpty() && profiles.isEmpty() && counters.isEmpty();
  }
}
