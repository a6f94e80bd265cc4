package io.benchlake.cli;

import io.benchlake.analytics.alias.AliasChains;
import io.benchlake.analytics.alias.AliasCheck;
import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.Alias;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventHead;
import io.benchlake.schemas.EventKind;
import io.benchlake.schemas.InvalidEventException;
import io.benchlake.warehouse.Warehouse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The aliases published to the event log past what the warehouse ingested, for {@link AliasCheck}:
 * an alias published a moment ago counts before any ingest.
 */
final class AliasesInLog {
  private AliasesInLog() {}

  static void refuseIfItChains(
      BenchlakeHome home, String bootstrap, Alias.Kind kind, String from, String to) {
    Warehouse warehouse = Warehouse.of(home);
    AliasCheck.refuse(
        warehouse,
        notYetIngested(bootstrap, warehouse.current().offsets(), kind),
        kind.name(),
        from,
        to);
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
