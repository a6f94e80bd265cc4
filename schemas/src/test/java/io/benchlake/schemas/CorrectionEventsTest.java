package io.benchlake.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The alias, retraction and run_source events round-trip and their schemas refuse what is wrong.
 */
class CorrectionEventsTest {
  private static final Instant NOW = Instant.parse("2026-12-05T02:00:00Z");
  private final EventCodec codec = new EventCodec();

  @Test
  void eachNewKindRoundTripsThroughItsSchema() throws Exception {
    List<Event> events =
        List.of(
            Alias.of(Alias.Kind.dataset, "Mariadb 11.4.2-MariaDB-log", "MariaDB 11.4.2", "me", NOW),
            new Retraction(
                null,
                "x1",
                "run-1",
                NOW,
                NOW,
                "re-imported a.log: started_at",
                List.of("run-2"),
                List.of("a.log")),
            new RunSource(
                null,
                "s1",
                "run-2",
                NOW,
                NOW,
                "hammerdb",
                2,
                List.of(new RunSource.SourceDigest("a.log", "0".repeat(64), "a.log")),
                "dataset=d; test=t"));
    for (Event e : events) {
      Event back = codec.decode(codec.encode(e));
      assertEquals(e, back);
      assertEquals(EventKind.of(e).schemaId(), back.schema());
      EventHead head = EventHead.of(codec.encode(e));
      assertEquals(e.eventId(), head.eventId());
      assertEquals(e.runId(), head.runId());
      assertTrue(head.is(EventKind.of(e)));
    }
    assertEquals("alias:dataset:mariadb 11.4.2-mariadb-log", events.get(0).runId());
  }

  @Test
  void theSchemasRefuseAnUnknownAliasKindAndADigestThatIsNotOne() {
    String alias =
        "{\"schema\":\"benchlake.alias/1\",\"event_id\":\"a\",\"run_id\":\"k\","
            + "\"emitted_at\":\"2026-12-05T02:00:00Z\",\"started_at\":\"2026-12-05T02:00:00Z\","
            + "\"kind\":\"host\",\"from\":\"a\",\"to\":\"b\"}";
    assertThrows(
        InvalidEventException.class, () -> codec.decode(alias.getBytes(StandardCharsets.UTF_8)));
    String source =
        "{\"schema\":\"benchlake.run_source/1\",\"event_id\":\"s\",\"run_id\":\"r\","
            + "\"emitted_at\":\"2026-12-05T02:00:00Z\",\"started_at\":\"2026-12-05T02:00:00Z\","
            + "\"importer\":\"hammerdb\",\"importer_version\":2,\"files\":[{\"sha256\":\"abc\"}]}";
    assertThrows(
        InvalidEventException.class, () -> codec.decode(source.getBytes(StandardCharsets.UTF_8)));
    assertNull(EventHead.of("[1]".getBytes(StandardCharsets.UTF_8)));
  }
}
