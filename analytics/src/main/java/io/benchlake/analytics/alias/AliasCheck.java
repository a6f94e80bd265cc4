package io.benchlake.analytics.alias;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.home.BadInputException;
import io.benchlake.warehouse.Warehouse;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The check that a new alias makes no cycle and no chain longer than the views follow, against
 * every alias published: those the warehouse holds and those the caller read from the event log
 * past what the warehouse ingested (an alias published a moment ago counts before any ingest).
 */
public final class AliasCheck {
  private AliasCheck() {}

  /**
   * Refuses {@code from -> to} of {@code kind} ({@code test}, {@code dataset}, {@code testbed}) as
   * bad input when it would make a cycle or too long a chain.
   */
  public static void refuse(
      Warehouse warehouse,
      List<AliasChains.Link> notYetIngested,
      String kind,
      String from,
      String to) {
    List<AliasChains.Link> links = new ArrayList<>(ingested(warehouse, kind));
    links.addAll(notYetIngested);
    AliasChains.of(links)
        .problem(kind, from, to)
        .ifPresent(
            p -> {
              throw new BadInputException(p);
            });
  }

  /** The users' aliases of {@code kind} the warehouse holds. */
  static List<AliasChains.Link> ingested(Warehouse warehouse, String kind) {
    List<AliasChains.Link> links = new ArrayList<>();
    String query = QueryFiles.read("user_aliases.sql");
    try (AnalyticsSession session = AnalyticsSession.openFor(warehouse, List.of(query));
        PreparedStatement st = session.connection().prepareStatement(query)) {
      st.setString(1, kind);
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          links.add(
              new AliasChains.Link(
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getTimestamp(4).toInstant()));
        }
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read the aliases in force", e);
    }
    return links;
  }
}
