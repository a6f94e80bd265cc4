package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryFiles;
import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.Alias;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventHead;
import io.benchlake.schemas.EventKind;
import io.benchlake.schemas.InvalidEventException;
import io.benchlake.warehouse.Warehouse;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The check that a new alias makes no cycle and no chain longer than the views follow, against
 * every alias published: those the warehouse holds and those in the event log past what it ingested
 * (an alias published a moment ago counts before any ingest).
 */
final class AliasCycle {
  private AliasCycle() {}

  static void refuse(
      BenchlakeHome home, String bootstrap, Alias.Kind kind, String from, String to) {
    Warehouse warehouse = new Warehouse(home.warehouse());
    List<AliasChains.Link> links = new ArrayList<>(ingested(warehouse, kind));
    links.addAll(notYetIngested(bootstrap, warehouse.current().offsets(), kind));
    AliasChains.of(links)
        .problem(kind.name(), from, to)
        .ifPresent(
            p -> {
              throw new BadInputException(p);
            });
  }

  private static List<AliasChains.Link> ingested(Warehouse warehouse, Alias.Kind kind) {
    List<AliasChains.Link> links = new ArrayList<>();
    String query = QueryFiles.read("user_aliases.sql");
    try (AnalyticsSession session = AnalyticsSession.openFor(warehouse, List.of(query));
        PreparedStatement st = session.connection().prepareStatement(query)) {
      st.setString(1, kind.name());
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

  /** The aliases of {@code kind} in the log at or past the offsets the warehouse ingested. */
  private static List<AliasChains.Link> notYetIngested(
      String bootstrap, Map<Integer, Long> ingestedUpTo, Alias.Kind kind) {
    EventCodec codec = new EventCodec();
    List<AliasChains.Link> links = new ArrayList<>();
    EventLog.read(
        bootstrap,
        Topics.EVENTS,
        ingestedUpTo,
        bytes -> {
          EventHead head = EventHead.of(bytes);
          if (head == null || !head.is(EventKind.ALIAS)) {
            return;
          }
          try {
            if (codec.decodeValidated(bytes) instanceof Alias a && a.kind() == kind) {
              links.add(new AliasChains.Link(a.eventId(), a.from(), a.to(), a.emittedAt()));
            }
          } catch (InvalidEventException e) {
            // not an alias ingest would store either
          }
        });
    return links;
  }
}
