package io.benchlake.importers;

import io.benchlake.bus.EventPublisher;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads events as JSON lines (what {@code benchlake export events} writes), each validated against
 * its schema, for values no benchmark produces, and for a size Kafka takes.
 */
public final class EventLinesImporter {
  private EventLinesImporter() {}

  public static ImportBatch toEvents(SourceFile file, EventCodec codec) {
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < file.lines().size(); i++) {
      String line = file.lines().get(i);
      if (line.isBlank()) {
        continue;
      }
      byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
      if (bytes.length > EventPublisher.MAX_EVENT_BYTES) {
        throw file.error(
            i,
            String.format(
                Locale.ROOT,
                "an event of %.1f MB; an event may hold at most %.1f MB (Kafka's message size)",
                bytes.length / 1e6,
                EventPublisher.MAX_EVENT_BYTES / 1e6));
      }
      Event event;
      try {
        event = codec.decode(bytes);
      } catch (InvalidEventException e) {
        throw file.error(i, e.getMessage());
      }
      Optional<String> impossible = EventProblems.of(event);
      if (impossible.isPresent()) {
        throw file.error(i, impossible.get());
      }
      events.add(event);
    }
    return new ImportBatch(
        List.of(file.name()), events, file.name() + ": " + events.size() + " events");
  }
}
