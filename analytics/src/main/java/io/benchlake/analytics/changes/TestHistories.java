package io.benchlake.analytics.changes;

import io.benchlake.analytics.report.LeftOut;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Every history of one test at one commit, as an ingest keeps them for `changes` ({@link
 * CommitHistories}): its completed runs in time order (with their host and rank by release), the
 * iterations annotations left out of it, and per thread count and metric the runs with values. A
 * series is selected from it as changes_series.sql selects it from the views: the runs of its
 * thread count and metric (on its host, when one is named), in time order or by release.
 */
record TestHistories(String test, List<KeptRun> runs, List<LeftOut> leftOut, List<Values> series) {
  /** A run of the test: its identity and place (no values), its host and its rank by release. */
  record KeptRun(ChangesQuery.Run head, String host, int releaseRank) {}

  /** A thread count and metric: the runs that have values there (indexes into runs), in order. */
  record Values(int threads, String metric, int[] runs, double[][] values) {}

  /**
   * The history of {@code series} (whose test, as typed, names this one), or none when there is
   * nothing to answer from: no runs at its thread count, metric and host, or runs on several hosts
   * and none named. Those are answered by a session, which says what is wrong.
   */
  Optional<ChangesQuery.History> history(ChangesQuery.Series series, Values at) {
    List<Integer> rows = new ArrayList<>();
    for (int i = 0; i < at.runs().length; i++) {
      String host = runs.get(at.runs()[i]).host();
      if (series.host().isEmpty() || series.host().get().equals(host)) {
        rows.add(i);
      }
    }
    if (rows.isEmpty()
        || rows.stream().map(i -> runs.get(at.runs()[i]).host()).distinct().count() > 1) {
      return Optional.empty();
    }
    Comparator<Integer> order =
        series.by().equals("release")
            ? Comparator.comparingInt(i -> runs.get(at.runs()[i]).releaseRank())
            : Comparator.comparingInt(i -> at.runs()[i]);
    rows.sort(order);
    List<ChangesQuery.Run> history = new ArrayList<>(rows.size());
    for (int i : rows) {
      ChangesQuery.Run head = runs.get(at.runs()[i]).head();
      history.add(head.withValues(at.values()[i]));
    }
    String host = series.host().orElse(runs.get(at.runs()[rows.get(0)]).host());
    List<LeftOut> left = leftOut.stream().filter(l -> l.threads() == series.threads()).toList();
    return Optional.of(new ChangesQuery.History(test, host, List.copyOf(history), left));
  }
}
