package io.benchlake.analytics.annotate;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.Warehouse;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The run an annotation is about, found in the warehouse by its id or a unique start of it, with
 * the thread counts and iterations an annotation may narrow to.
 */
public record AnnotatedRun(
    String runId,
    Instant startedAt,
    String dataset,
    String testName,
    List<Integer> threads,
    int iterations) {

  /** The queries a session for {@link #find} runs: the run's lookup, and whether there are runs. */
  public static List<String> queries() {
    return List.of(QueryFiles.read("annotate_run.sql"), AnalyticsSession.RUNS_SQL);
  }

  /**
   * The run named {@code idOrPrefix} in {@code warehouse}, looked up in a session of its own that
   * makes only the views its lookup needs; a user mistake as {@link #find(Connection, String,
   * Integer, Integer)} says, or when the warehouse has no runs.
   */
  public static AnnotatedRun find(
      Warehouse warehouse, String idOrPrefix, Integer threads, Integer iteration) {
    try (AnalyticsSession session = AnalyticsSession.openFor(warehouse, queries())) {
      session.requireRuns();
      return find(session.connection(), idOrPrefix, threads, iteration);
    }
  }

  /**
   * The run named {@code idOrPrefix}; a user mistake when there is none, several, or the thread
   * count or iteration asked for is not in it.
   */
  public static AnnotatedRun find(
      Connection c, String idOrPrefix, Integer threads, Integer iteration) {
    if (idOrPrefix.isBlank()) {
      throw new BadInputException(
          "a run id is required (benchlake sql \"select run_id from runs\")");
    }
    List<AnnotatedRun> found = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("annotate_run.sql"))) {
      st.setString(1, idOrPrefix);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          List<Integer> counts = new ArrayList<>();
          Array array = rs.getArray("threads");
          if (array != null) {
            for (Object o : (Object[]) array.getArray()) {
              if (o != null) {
                counts.add(((Number) o).intValue());
              }
            }
          }
          Timestamp started = rs.getTimestamp("started_at");
          found.add(
              new AnnotatedRun(
                  rs.getString("run_id"),
                  started == null
                      ? Instant.EPOCH
                      : started.toLocalDateTime().toInstant(java.time.ZoneOffset.UTC),
                  rs.getString("dataset"),
                  rs.getString("test_name"),
                  counts,
                  rs.getInt("iterations")));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("query failed: " + e.getMessage(), e);
    }
    if (found.isEmpty()) {
      throw new BadInputException(
          "no run '" + idOrPrefix + "' in the warehouse (run `benchlake ingest` first?)");
    }
    if (found.size() > 1) {
      throw new BadInputException(
          "'"
              + idOrPrefix
              + "' names more than one run ("
              + String.join(", ", found.stream().map(AnnotatedRun::runId).toList())
              + "); give more of the id");
    }
    AnnotatedRun run = found.get(0);
    if (threads != null && !run.threads().contains(threads)) {
      throw new BadInputException(
          "run "
              + run.runId()
              + " has no thread count "
              + threads
              + " (it has "
              + run.threads()
              + ")");
    }
    if (iteration != null && (iteration < 1 || iteration > run.iterations())) {
      throw new BadInputException(
          "run "
              + run.runId()
              + " has no iteration "
              + iteration
              + " (it has 1.."
              + run.iterations()
              + ")");
    }
    return run;
  }
}
