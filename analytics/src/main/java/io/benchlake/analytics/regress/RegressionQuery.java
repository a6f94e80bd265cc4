package io.benchlake.analytics.regress;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.CanonicalNames;
import io.benchlake.analytics.report.LeftOut;
import io.benchlake.home.BadInputException;
import java.sql.Array;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/** Candidate vs baseline for every test and thread count both datasets have, from the views. */
public final class RegressionQuery {
  private RegressionQuery() {}

  /**
   * What annotations left out of every test the verdicts compare, in the two datasets as typed (one
   * note for all of them).
   */
  public static List<LeftOut> leftOut(
      AnalyticsSession session, List<Verdict> verdicts, String baseline, String candidate) {
    List<LeftOut> out = new ArrayList<>();
    for (String t : verdicts.stream().map(Verdict::test).distinct().toList()) {
      out.addAll(LeftOut.ofTest(session.connection(), t, null, List.of(baseline, candidate)));
    }
    return out;
  }

  public static List<Verdict> run(
      AnalyticsSession session,
      String typedBaseline,
      String typedCandidate,
      Optional<String> typedTest,
      Optional<String> metric,
      double threshold,
      double alpha) {
    return run(
        session, typedBaseline, typedCandidate, typedTest, metric, threshold, alpha, note -> {});
  }

  /**
   * As above; a comparison whose values or statistics are not finite numbers (values near a
   * double's limit, stored before importers refused them) is left out and {@code notJudged} told
   * why, in one line.
   */
  public static List<Verdict> run(
      AnalyticsSession session,
      String typedBaseline,
      String typedCandidate,
      Optional<String> typedTest,
      Optional<String> metric,
      double threshold,
      double alpha,
      Consumer<String> notJudged) {
    String baseline = CanonicalNames.dataset(session, typedBaseline);
    String candidate = CanonicalNames.dataset(session, typedCandidate);
    Optional<String> test = CanonicalNames.test(session, typedTest);
    requireDataset(session, baseline);
    requireDataset(session, candidate);
    List<Verdict> out = new ArrayList<>();
    boolean skipped = false;
    try (PreparedStatement st = session.connection().prepareStatement(sql())) {
      st.setString(1, baseline);
      st.setString(2, candidate);
      st.setString(3, baseline);
      st.setString(4, candidate);
      st.setString(5, test.orElse(null));
      st.setString(6, test.orElse(null));
      st.setString(7, metric.orElse(null));
      st.setString(8, metric.orElse(null));
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          Verdict v =
              Regressions.judge(
                  rs.getString("test_name"),
                  rs.getInt("threads"),
                  rs.getString("metric"),
                  new Regressions.Side(
                      values(rs.getArray("base_runs")), values(rs.getArray("base_values"))),
                  new Regressions.Side(
                      values(rs.getArray("cand_runs")), values(rs.getArray("cand_values"))),
                  threshold,
                  alpha);
          if (v.finite()) {
            out.add(v);
          } else {
            skipped = true;
            notJudged.accept(
                v.test()
                    + " threads "
                    + v.threads()
                    + " "
                    + v.metric()
                    + " not compared: a mean, change or p-value is not a finite number (values"
                    + " near a double's limit in the warehouse: re-import those runs)");
          }
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("regression query failed: " + e.getMessage(), e);
    }
    if (out.isEmpty() && !skipped) {
      throw new BadInputException(nothingInCommon(session, baseline, candidate, test, metric));
    }
    return out;
  }

  /**
   * Why nothing was compared: no test in common at all, or the metrics the two do share when the
   * one asked for (by default TPS or NOPM) is not among them.
   */
  private static String nothingInCommon(
      AnalyticsSession session,
      String baseline,
      String candidate,
      Optional<String> test,
      Optional<String> metric) {
    List<String> shared = new ArrayList<>();
    try (PreparedStatement st =
        session
            .connection()
            .prepareStatement(
                io.benchlake.analytics.QueryFiles.read("regressions_shared_metrics.sql"))) {
      st.setString(1, baseline);
      st.setString(2, candidate);
      st.setString(3, test.orElse(null));
      st.setString(4, test.orElse(null));
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          shared.add(rs.getString("test_name") + " " + rs.getString("metric"));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("regression query failed: " + e.getMessage(), e);
    }
    String pair = "'" + baseline + "' and '" + candidate + "'";
    if (shared.isEmpty()) {
      return pair
          + " have no test, thread count and metric in common"
          + test.map(t -> " for test " + t).orElse("");
    }
    return pair
        + " share no thread count with metric "
        + metric.orElse("TPS or NOPM")
        + (metric.isEmpty() ? " (the default)" : "")
        + "; they share "
        + String.join(", ", shared)
        + ": give --metric";
  }

  private static void requireDataset(AnalyticsSession session, String dataset) {
    try (PreparedStatement st =
        session
            .connection()
            .prepareStatement("SELECT count(*) FROM comparison WHERE dataset = ?")) {
      st.setString(1, dataset);
      try (ResultSet rs = st.executeQuery()) {
        rs.next();
        if (rs.getLong(1) == 0) {
          List<String> known = new ArrayList<>();
          try (ResultSet all =
              session
                  .connection()
                  .createStatement()
                  .executeQuery("SELECT DISTINCT dataset FROM comparison ORDER BY dataset")) {
            while (all.next()) {
              known.add(all.getString(1));
            }
          }
          throw new BadInputException(
              io.benchlake.analytics.annotate.ExcludedRuns.explain(
                      session.connection(), dataset, null)
                  .orElse(
                      "unknown dataset '"
                          + dataset
                          + "' (known: "
                          + String.join(", ", known)
                          + ")"));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  private static double[] values(Array array) throws SQLException {
    Object[] items = (Object[]) array.getArray();
    double[] out = new double[items.length];
    for (int i = 0; i < items.length; i++) {
      out[i] = ((Number) items[i]).doubleValue();
    }
    return out;
  }

  private static String sql() {
    return io.benchlake.analytics.QueryFiles.read("regressions.sql");
  }
}
