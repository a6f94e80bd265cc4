package io.benchlake.ingest.importer;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads events as JSON lines (what {@code benchlake export events} writes), each validated. */
public final class EventLinesImporter {
  private EventLinesImporter() {}

  public static ImportBatch toEvents(SourceFile file, EventCodec codec) {
    List<Event> events = new ArrayList<>();
    for (int i = 0; i < file.lines().size(); i++) {
      String line = file.lines().get(i);
      if (line.isBlank()) {
        continue;
      }
      try {
        events.add(codec.decode(line.getBytes(StandardCharsets.UTF_8)));
      } catch (InvalidEventException e) {
        throw file.error(i, e.getMessage());
      }
    }
    return new ImportBatch(
        List.of(file.name()), events, file.name() + ": " + events.size() + " events");
  }
}
