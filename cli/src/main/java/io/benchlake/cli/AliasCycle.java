package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.Alias;
import io.benchlake.warehouse.Warehouse;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/** The check that a new alias does not lead back to its own name through the aliases in force. */
final class AliasCycle {
  private AliasCycle() {}

  /** An alias whose target leads back to its source through the aliases in force is refused. */
  static void refuse(BenchlakeHome home, Alias.Kind kind, String from, String to) {
    Map<String, String> aliases = new HashMap<>();
    try (AnalyticsSession session = AnalyticsSession.open(new Warehouse(home.warehouse()));
        PreparedStatement st =
            session.connection().prepareStatement(QueryFiles.read("user_aliases.sql"))) {
      st.setString(1, kind.name());
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          aliases.put(rs.getString(1), rs.getString(2));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the aliases in force", e);
    }
    String name = to;
    for (int step = 0; name != null && step <= aliases.size(); step++) {
      if (name.equals(from)) {
        throw new BadInputException(
            String.format(
                "alias %s '%s' -> '%s' would make a cycle: '%s' is already read as '%s'"
                    + " (benchlake alias list)",
                kind, from, to, to, from));
      }
      name = aliases.get(name);
    }
  }
}
