package io.benchlake.analytics.annotate;

import io.benchlake.analytics.QueryFiles;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Why a dataset has nothing to compare when its runs were left out whole ({@code benchlake annotate
 * RUN --exclude}): said instead of calling a dataset the user can see unknown.
 */
public final class ExcludedRuns {
  private ExcludedRuns() {}

  /**
   * "dataset 'X' has no run left to compare: run R (TEST) is excluded: REASON (…--include takes it
   * back)", when every run of the dataset (of the test, when given) that would count is excluded.
   */
  public static Optional<String> explain(Connection c, String dataset, String test) {
    List<String> runs = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(QueryFiles.read("excluded_runs.sql"))) {
      st.setString(1, dataset);
      st.setString(2, test);
      st.setString(3, test);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          runs.add(
              "run "
                  + rs.getString("run_id")
                  + " ("
                  + rs.getString("test_name")
                  + ") is excluded: "
                  + rs.getString("excluded_reason"));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("query failed: " + e.getMessage(), e);
    }
    if (runs.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "dataset '"
            + dataset
            + "' has no run left to compare"
            + (test == null ? "" : " for " + test)
            + ": "
            + String.join("; ", runs)
            + " (`benchlake annotate RUN --include --reason …` takes a run back)");
  }
}
