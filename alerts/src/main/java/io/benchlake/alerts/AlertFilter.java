package io.benchlake.alerts;

import io.benchlake.home.BadInputException;
import io.benchlake.schemas.Alert;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * The list filters: a state (or {@code all}), a kind, a test, a testbed, raised since a date; null
 * where not given.
 */
public record AlertFilter(String state, String kind, String test, String testbed, LocalDate since) {
  /** The states an alert can be in. */
  public static final List<String> STATES =
      List.of("untriaged", "acknowledged", "invalid", "fixed", "wontfix", "backfill", "all");

  public AlertFilter {
    state = state == null ? "untriaged" : state;
    if (!STATES.contains(state)) {
      throw new BadInputException(
          "unknown state '" + state + "' (expected " + String.join(", ", STATES) + ")");
    }
    if (kind != null) {
      try {
        Alert.Kind.valueOf(kind);
      } catch (IllegalArgumentException e) {
        throw new BadInputException(
            "unknown kind '" + kind + "' (expected change, regression, trend, outlier, unstable)");
      }
    }
  }

  /** A date as given to --since (yyyy-MM-dd). */
  public static LocalDate date(String text) {
    if (text == null) {
      return null;
    }
    try {
      return LocalDate.parse(text);
    } catch (DateTimeParseException e) {
      throw new BadInputException("--since: '" + text + "' is not a date (yyyy-MM-dd)");
    }
  }

  /** Binds the filter to the ten parameters of list.sql and summaries.sql. */
  void bind(PreparedStatement st) throws SQLException {
    st.setString(1, state);
    st.setString(2, state);
    st.setString(3, kind);
    st.setString(4, kind);
    st.setString(5, test);
    st.setString(6, test);
    st.setString(7, testbed);
    st.setString(8, testbed);
    String day = since == null ? null : since.toString();
    st.setString(9, day);
    st.setString(10, day);
  }
}
