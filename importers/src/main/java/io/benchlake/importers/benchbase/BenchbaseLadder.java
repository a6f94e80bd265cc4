package io.benchlake.importers.benchbase;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * BenchBase result sets become ladder runs by the rule HammerDB's follow (docs/import.md): the sets
 * of one benchmark, DBMS (type and version), scale factor and isolation, in the order they started,
 * are one run whose thread counts are the terminals. Consecutive sets at one terminal count are
 * that rung's iterations; a terminal count not seen yet is the next rung; one seen earlier starts
 * the next run (with {@code --repeats iterations}, the next iteration of its rung).
 */
public final class BenchbaseLadder {
  private BenchbaseLadder() {}

  /** One run: its result sets in order, and each one's iteration at its terminal count. */
  public record Run(List<BenchbaseResultSet> sets, List<Integer> iterations) {
    public Run {
      sets = List.copyOf(sets);
      iterations = List.copyOf(iterations);
    }

    public BenchbaseResultSet first() {
      return sets.get(0);
    }

    /** The terminal counts in the order their rungs were first run. */
    public List<Integer> rungs() {
      LinkedHashSet<Integer> out = new LinkedHashSet<>();
      sets.forEach(s -> out.add(s.terminals()));
      return List.copyOf(out);
    }

    /**
     * Why the run failed: its last set ended in BenchBase's ERROR state; null otherwise (a failed
     * set in the middle leaves the run completed).
     */
    public String failure() {
      BenchbaseResultSet last = sets.get(sets.size() - 1);
      return last.summary().failed()
          ? last.summaryFile().name() + ": the last result set ended in BenchBase's ERROR state"
          : null;
    }
  }

  public static List<Run> runs(List<BenchbaseResultSet> sets, boolean repeatsAsIterations) {
    List<BenchbaseResultSet> ordered =
        sets.stream()
            .sorted(
                Comparator.comparing((BenchbaseResultSet s) -> s.summary().startedAt())
                    .thenComparing(BenchbaseResultSet::baseName))
            .toList();
    Map<List<String>, List<BenchbaseResultSet>> byKind = new LinkedHashMap<>();
    for (BenchbaseResultSet s : ordered) {
      byKind.computeIfAbsent(kind(s), k -> new ArrayList<>()).add(s);
    }
    List<Run> out = new ArrayList<>();
    for (List<BenchbaseResultSet> group : byKind.values()) {
      List<BenchbaseResultSet> run = new ArrayList<>();
      for (BenchbaseResultSet s : group) {
        if (!run.isEmpty() && !continues(run, s, repeatsAsIterations)) {
          out.add(run(run));
          run = new ArrayList<>();
        }
        run.add(s);
      }
      out.add(run(run));
    }
    out.sort(Comparator.comparing(r -> r.first().summary().startedAt()));
    return out;
  }

  /** What sets of one run share: benchmark, DBMS type and version, scale factor, isolation. */
  private static List<String> kind(BenchbaseResultSet s) {
    BenchbaseSummary m = s.summary();
    return java.util.Arrays.asList(
        m.benchmark(), m.dbmsType(), m.dbmsVersion(), s.scaleFactor(), s.isolation());
  }

  private static boolean continues(
      List<BenchbaseResultSet> run, BenchbaseResultSet next, boolean repeatsAsIterations) {
    int terminals = next.terminals();
    if (run.get(run.size() - 1).terminals() == terminals) {
      return true;
    }
    boolean seen = run.stream().anyMatch(s -> Objects.equals(s.terminals(), terminals));
    return !seen || repeatsAsIterations;
  }

  private static Run run(List<BenchbaseResultSet> sets) {
    Map<Integer, Integer> seen = new HashMap<>();
    List<Integer> iterations = new ArrayList<>();
    for (BenchbaseResultSet s : sets) {
      iterations.add(seen.merge(s.terminals(), 1, Integer::sum));
    }
    return new Run(sets, iterations);
  }
}
