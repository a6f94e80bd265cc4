package io.benchlake.schemas;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;

/**
 * The schema, event_id and run_id of an event, read from its first fields without binding the rest:
 * what a pass over a whole log needs to pick the few events it looks at closely.
 */
public record EventHead(String schema, String eventId, String runId) {

  /** The head of an event's JSON; null when it is not an object with the three as text. */
  public static EventHead of(byte[] json) {
    String[] head = new String[3];
    int found = 0;
    try (JsonParser p = EventCodec.mapper().getFactory().createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      while (found < 3 && p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        int slot =
            switch (field) {
              case "schema" -> 0;
              case "event_id" -> 1;
              case "run_id" -> 2;
              default -> -1;
            };
        if (slot >= 0 && value == JsonToken.VALUE_STRING && head[slot] == null) {
          head[slot] = p.getText();
          found++;
        } else {
          p.skipChildren();
        }
      }
    } catch (IOException e) {
      return null;
    }
    return found < 3 ? null : new EventHead(head[0], head[1], head[2]);
  }

  /** Whether the event is of {@code kind}, by its schema name (any version). */
  public boolean is(EventKind kind) {
    return schema.startsWith("benchlake." + kind.kindName() + "/");
  }
}
