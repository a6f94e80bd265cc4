package io.benchlake.alerts;

import io.benchlake.analytics.AnalyticsSession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * The histories the evaluation reads, kept between commits in a DuckDB database of the home's own
 * ({@code $BENCHLAKE_HOME/alerts/histories.duckdb}, attached to the evaluation's session as {@code
 * kept}): per run of the histories its facts ({@code kept.run_facts}: canonical test and dataset,
 * start, version, series testbed) and per run, thread count and metric its values ({@code
 * kept.run_values}), as {@code kept_run_facts.sql} and {@code kept_run_values.sql} compute them,
 * with the commit they hold ({@code kept.state}). Each evaluation first brings them to its
 * session's commit: only the runs that rows of the commits since came for are computed again (every
 * row an entry is made of is its run's own); everything is made again whole when the kept commit is
 * not an earlier commit of this warehouse (a rebuild, a manifest no longer kept), an alias came
 * since, the views or this format changed, or too many runs changed. An update is one transaction,
 * its commit recorded with it: the kept tables always equal a whole computation at the recorded
 * commit.
 */
final class KeptHistories {
  static final String NAME = "kept";
  static final String CHANGED_SQL = AlertEvaluation.sql("kept_changed_runs.sql");
  static final String ALIASES_SQL = AlertEvaluation.sql("kept_aliases_since.sql");
  static final String FACTS_SQL = AlertEvaluation.sql("kept_run_facts.sql");
  static final String VALUES_SQL = AlertEvaluation.sql("kept_run_values.sql");

  /** The queries the update runs: the views they reach are made before it. */
  static final List<String> QUERIES = List.of(CHANGED_SQL, ALIASES_SQL, FACTS_SQL, VALUES_SQL);

  /**
   * At most this many changed runs are computed again by their ids (a filter DuckDB applies under
   * the views' dedup); more (an import of a history) are made whole, which costs no more.
   */
  static final int MOST_LISTED = 1_000;

  /** The layout of the kept tables: another one is made again whole. */
  static final String FORMAT = "kept histories 1";

  private static final String MARKER = "/*listed*/";

  private KeptHistories() {}

  /** The file the histories are kept in, under {@code home}. */
  static Path file(Path home) {
    return home.resolve("alerts").resolve("histories.duckdb");
  }

  /** The attachment an evaluation's session is opened with. */
  static AnalyticsSession.Attached attachment(Path home) {
    return new AnalyticsSession.Attached(NAME, file(home));
  }

  /** What bringing the kept histories to a commit did: whole (and why), or the runs made again. */
  record Update(boolean whole, String why, int runs) {
    @Override
    public String toString() {
      return whole ? "made whole (" + why + ")" : runs + " runs made again";
    }
  }

  /**
   * Brings the kept histories to the session's commit, {@code seq} of the warehouse whose commits'
   * identities {@code commitIdAt} gives: when that is not the commit the session reads (the
   * warehouse moved on), they are made whole and recorded at no commit.
   */
  static Update bringUp(
      AnalyticsSession session, LongFunction<Optional<String>> commitIdAt, long seq)
      throws SQLException {
    // a state that does not read is none: made whole
    Connection c = session.connection();
    boolean atSeq = commitIdAt.apply(seq).map(session.commit()::equals).orElse(false);
    String views = definitions(session);
    Optional<State> kept = state(c);
    String why = null;
    if (!session.attachedFile()) {
      why = "its file is held by another process; kept in memory";
    } else if (kept.isEmpty()) {
      why = "none kept";
    } else if (!atSeq) {
      why = "the warehouse moved on";
    } else if (!FORMAT.equals(kept.get().format()) || !views.equals(kept.get().views())) {
      why = "another build";
    } else if (kept.get().seq() > seq
        || !commitIdAt.apply(kept.get().seq()).equals(Optional.of(kept.get().commitId()))) {
      why = "kept at a commit this warehouse does not have";
    } else if (aliasesSince(c, kept.get().seq()) > 0) {
      why = "an alias came";
    }
    List<String> changed = List.of();
    if (why == null) {
      changed = changedRuns(c, kept.get().seq());
      if (changed.size() > MOST_LISTED) {
        why = changed.size() + " runs changed";
      }
    }
    State now =
        atSeq
            ? new State(
                FORMAT, views, seq, session.commit(), why != null ? seq : kept.get().wholeSeq())
            : null;
    try (Statement st = c.createStatement()) {
      st.execute("BEGIN TRANSACTION");
      try {
        if (why != null) {
          makeWhole(st);
        } else if (!changed.isEmpty()) {
          String runs = " AND run_id IN (" + String.join(", ", quoted(changed)) + ")";
          st.execute("DELETE FROM kept.run_values WHERE true" + runs);
          st.execute("DELETE FROM kept.run_facts WHERE true" + runs);
          st.execute("INSERT INTO kept.run_facts " + FACTS_SQL.replace(MARKER, runs));
          st.execute(
              "INSERT INTO kept.run_values SELECT v.* FROM ("
                  + VALUES_SQL.replace(MARKER, runs)
                  + ") v SEMI JOIN kept.run_facts f USING (run_id)");
        }
        record(c, now);
        st.execute("COMMIT");
      } catch (SQLException | RuntimeException e) {
        st.execute("ROLLBACK");
        throw e;
      }
    }
    return new Update(why != null, why, changed.size());
  }

  /**
   * How many rows of the kept histories differ from a whole computation at the session's commit,
   * both ways (0: they are equal), with the commit they were recorded at.
   */
  static String differences(Connection c) throws SQLException {
    String facts = FACTS_SQL.replace(MARKER, "");
    String values =
        "SELECT v.* FROM ("
            + VALUES_SQL.replace(MARKER, "")
            + ") v SEMI JOIN ("
            + facts
            + ") f"
            + " USING (run_id)";
    String sql =
        "SELECT (SELECT count(*) FROM (FROM kept.run_facts EXCEPT ALL "
            + facts
            + ")) + (SELECT count(*) FROM ("
            + facts
            + " EXCEPT ALL FROM kept.run_facts)) + (SELECT count(*) FROM (FROM kept.run_values"
            + " EXCEPT ALL "
            + values
            + ")) + (SELECT count(*) FROM ("
            + values
            + " EXCEPT ALL FROM kept.run_values)), (SELECT count(*) FROM kept.run_values),"
            + " (SELECT max(whole_seq) FROM kept.state), (SELECT max(seq) FROM kept.state)";
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1)
          + " of "
          + rs.getLong(2)
          + " values rows differ; made whole at commit "
          + rs.getLong(3)
          + ", brought up to commit "
          + rs.getLong(4);
    }
  }

  /**
   * What the kept tables are computed with: the session's view definitions and the two queries
   * ({@code views} in the state; another build's are made whole).
   */
  private static String definitions(AnalyticsSession session) {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      for (String text : List.of(session.viewsDigest(), FACTS_SQL, VALUES_SQL)) {
        md.update(text.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
      }
      return HexFormat.of().formatHex(md.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  private static void makeWhole(Statement st) throws SQLException {
    st.execute("DROP TABLE IF EXISTS kept.run_values");
    st.execute("DROP TABLE IF EXISTS kept.run_facts");
    st.execute("CREATE TABLE kept.run_facts AS " + FACTS_SQL.replace(MARKER, ""));
    st.execute(
        "CREATE TABLE kept.run_values AS SELECT v.* FROM ("
            + VALUES_SQL.replace(MARKER, "")
            + ") v SEMI JOIN kept.run_facts f USING (run_id)");
  }

  /**
   * The commit the kept tables hold, as recorded with them, and the commit they were last made
   * whole at (the updates since brought them from there).
   */
  private record State(String format, String views, long seq, String commitId, long wholeSeq) {}

  /** The recorded state; none when there is none or it does not read (another layout's). */
  private static Optional<State> state(Connection c) {
    try (Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT format, views, seq, commit_id, whole_seq FROM kept.state"
                    + " WHERE (SELECT count(*) FROM kept.state) = 1"
                    + " AND EXISTS (SELECT 1 FROM duckdb_tables()"
                    + " WHERE database_name = 'kept' AND table_name = 'run_values')")) {
      return rs.next()
          ? Optional.of(
              new State(
                  rs.getString(1), rs.getString(2), rs.getLong(3), rs.getString(4), rs.getLong(5)))
          : Optional.empty();
    } catch (SQLException e) {
      return Optional.empty(); // made whole, and the state recorded anew
    }
  }

  private static void record(Connection c, State now) throws SQLException {
    try (Statement st = c.createStatement()) {
      st.execute("DROP TABLE IF EXISTS kept.state");
      st.execute(
          "CREATE TABLE kept.state"
              + " (format VARCHAR, views VARCHAR, seq BIGINT, commit_id VARCHAR, whole_seq BIGINT)");
    }
    if (now == null) {
      return; // made at a commit that is not the one recorded: the next evaluation makes it whole
    }
    try (PreparedStatement st =
        c.prepareStatement("INSERT INTO kept.state VALUES (?, ?, ?, ?, ?)")) {
      st.setString(1, now.format());
      st.setString(2, now.views());
      st.setLong(3, now.seq());
      st.setString(4, now.commitId());
      st.setLong(5, now.wholeSeq());
      st.executeUpdate();
    }
  }

  private static long aliasesSince(Connection c, long seq) throws SQLException {
    try (PreparedStatement st = c.prepareStatement(ALIASES_SQL)) {
      st.setLong(1, seq);
      try (ResultSet rs = st.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /** The runs that rows of the commits after {@code seq} came for. */
  static List<String> changedRuns(Connection c, long seq) throws SQLException {
    List<String> runs = new ArrayList<>();
    try (PreparedStatement st = c.prepareStatement(CHANGED_SQL)) {
      for (int i = 1; i <= 5; i++) {
        st.setLong(i, seq);
      }
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          if (rs.getString(1) != null) {
            runs.add(rs.getString(1));
          }
        }
      }
    }
    return runs;
  }

  private static List<String> quoted(List<String> ids) {
    return ids.stream().map(id -> "'" + id.replace("'", "''") + "'").toList();
  }
}
