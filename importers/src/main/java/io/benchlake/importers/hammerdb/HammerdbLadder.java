package io.benchlake.importers.hammerdb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A HammerDB run is a ladder (docs/import.md): the results of one file, in order, are one run whose
 * thread counts are the active VU counts. Consecutive results at one VU count are that rung's
 * iterations; a VU count seen earlier in the run starts the next run (with {@code --repeats
 * iterations}, the next iteration of that rung instead); a result of another database starts the
 * next run too, and so does one of another file unless the two files are one session ({@link
 * HammerdbRuns}: a ladder written a file per rung). A rung that ended without a result is a failed
 * iteration; the run is failed only when its last rung ended so (or no result of it is valid).
 */
final class HammerdbLadder {
  private HammerdbLadder() {}

  /** Where one result stands in its run: its VU count and its iteration at that count. */
  record Place(Integer vus, int iteration) {}

  /**
   * Whether {@code next} belongs to the run of {@code run}'s results, read before it; {@code
   * sameSession}: whether it was read from the same file as the run's last result, or from a file
   * of the same session.
   */
  static boolean continues(
      List<HammerdbResult> run,
      HammerdbResult next,
      boolean repeatsAsIterations,
      boolean sameSession) {
    HammerdbResult last = run.get(run.size() - 1);
    if (!sameSession || !HammerdbRuns.sameDatabase(last.database, next.database)) {
      return false;
    }
    Integer vus = next.virtualUsers();
    if (Objects.equals(last.virtualUsers(), vus)) {
      return true; // another iteration of the rung being read
    }
    boolean seenBefore = run.stream().anyMatch(r -> Objects.equals(r.virtualUsers(), vus));
    return !seenBefore || repeatsAsIterations;
  }

  /** Each result's place in its run, in order: iterations counted per VU count from 1. */
  static List<Place> places(List<HammerdbResult> run) {
    Map<Integer, Integer> seen = new HashMap<>();
    List<Place> out = new ArrayList<>();
    for (HammerdbResult r : run) {
      Integer vus = r.virtualUsers();
      out.add(new Place(vus, seen.merge(vus == null ? -1 : vus, 1, Integer::sum)));
    }
    return out;
  }

  /** The VU counts of the run, in the order its rungs were first run. */
  static List<Integer> rungs(List<HammerdbResult> run) {
    LinkedHashSet<Integer> out = new LinkedHashSet<>();
    run.forEach(r -> out.add(r.virtualUsers()));
    return List.copyOf(out);
  }

  /**
   * Why the run failed: its last rung ended without a result, or none of its results is valid
   * ({@code failures}: each result's problem, null for a valid one); null when it did not fail. A
   * failed rung in the middle of a ladder leaves the run completed.
   */
  static String failure(List<HammerdbResult> run, List<String> failures) {
    HammerdbResult last = run.get(run.size() - 1);
    if (!last.finished()) {
      return last.failure != null ? last.failure : last.where() + ": the last rung has no result";
    }
    return failures.stream().allMatch(Objects::nonNull) ? failures.get(0) : null;
  }
}
