package io.benchlake.importers;

import io.benchlake.schemas.Event;
import java.util.List;

/**
 * The events parsed from some files, ready to publish together, and a line saying what they are.
 */
public record ImportBatch(List<String> files, List<Event> events, String description) {
  public ImportBatch {
    files = List.copyOf(files);
    events = List.copyOf(events);
  }
}
