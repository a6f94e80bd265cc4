package io.benchlake.importers.hammerdb;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One run to import: consecutive results at one virtual user count (its iterations), the files that
 * told of it, and when it started (empty: nothing printed says).
 */
record HammerdbRun(
    List<HammerdbResult> iterations,
    List<String> files,
    Optional<Instant> startedAt,
    Instant oldestModified,
    Optional<String> hammerdbVersion,
    Optional<String> dbVersion,
    Optional<Integer> warehouses) {
  HammerdbRun {
    iterations = List.copyOf(iterations);
    files = List.copyOf(files);
  }

  HammerdbResult first() {
    return iterations.get(0);
  }
}
