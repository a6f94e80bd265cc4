package io.benchlake.importers.events;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import io.benchlake.bus.EventPublisher;
import io.benchlake.importers.EventProblems;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import java.io.IOException;
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

  /** A parser that refuses a key given twice in one object (Jackson otherwise keeps the last). */
  private static final JsonFactory STRICT =
      JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  /**
   * The key an object of the line holds twice, as "KEY is given twice ...": which of two values an
   * event meant is unknowable, so neither is taken. Other faults are the codec's to report.
   */
  static Optional<String> duplicateKey(byte[] line) {
    try (JsonParser parser = STRICT.createParser(line)) {
      while (parser.nextToken() != null) {
        // reading every token is the check
      }
      return Optional.empty();
    } catch (JsonParseException e) {
      String message = e.getOriginalMessage();
      return message != null && message.startsWith("Duplicate field")
          ? Optional.of(
              "a key given twice in one object ("
                  + message.substring("Duplicate field ".length())
                  + "): which value is meant cannot be told")
          : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }

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
      int index = i;
      duplicateKey(bytes)
          .ifPresent(
              message -> {
                throw file.error(index, message);
              });
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
