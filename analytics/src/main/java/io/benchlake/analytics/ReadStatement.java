package io.benchlake.analytics;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The guard that keeps a read session from writing: a user statement runs only when DuckDB's own
 * parser reads it as exactly one query. {@code json_serialize_sql} serializes SELECT statements
 * only, and DESCRIBE, SHOW, SUMMARIZE, FROM-first and VALUES parse into SELECTs, while COPY,
 * EXPORT, ATTACH, CREATE, INSERT, SET, PRAGMA, CALL, INSTALL and LOAD do not; a text with two
 * statements parses into two. EXPLAIN is not serializable: the statement it explains must pass the
 * same check, since EXPLAIN ANALYZE runs it. {@code allowed_directories} cannot be the guard alone:
 * it lets COPY write where it lets reads go.
 */
final class ReadStatement {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** EXPLAIN, EXPLAIN ANALYZE and EXPLAIN (options) before the statement they explain. */
  private static final Pattern EXPLAIN =
      Pattern.compile("(?is)\\s*EXPLAIN(?:\\s+ANALY[SZ]E|\\s*\\([^)]*\\))?\\s+(.*)");

  private static final String READ_ONLY =
      "only read statements run here (SELECT, WITH, DESCRIBE, SHOW, SUMMARIZE, EXPLAIN)";

  private ReadStatement() {}

  /** Throws {@link BadInputException} unless {@code sql} parses as one read statement. */
  static void check(Connection connection, String sql) {
    String error = parseError(connection, sql);
    if (error == null) {
      return;
    }
    Matcher explain = EXPLAIN.matcher(sql);
    if (explain.matches() && parseError(connection, explain.group(1)) == null) {
      return;
    }
    throw new BadInputException(error);
  }

  /** Null when {@code sql} is one SELECT as DuckDB parses it, else why it is refused. */
  private static String parseError(Connection connection, String sql) {
    try (PreparedStatement st = connection.prepareStatement("SELECT json_serialize_sql(?)")) {
      st.setString(1, sql);
      try (ResultSet rs = st.executeQuery()) {
        rs.next();
        JsonNode parsed = JSON.readTree(rs.getString(1));
        if (parsed.path("error").asBoolean()) {
          return "parser".equals(parsed.path("error_type").asText())
              ? "SQL error: " + parsed.path("error_message").asText()
              : "refused: " + READ_ONLY + "; nothing was changed";
        }
        int statements = parsed.path("statements").size();
        if (statements == 0) {
          return "SQL error: no statement";
        }
        return statements == 1
            ? null
            : "refused: one statement at a time (this text holds " + statements + ")";
      }
    } catch (SQLException | IOException e) {
      throw new IllegalStateException("DuckDB could not parse a statement: " + e.getMessage(), e);
    }
  }
}
