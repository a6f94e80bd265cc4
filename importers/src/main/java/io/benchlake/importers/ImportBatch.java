package io.benchlake.importers;

import io.benchlake.schemas.Event;
import java.util.List;
import java.util.function.Function;

/**
 * The events parsed from some files, ready to publish together, a line saying what they are, and
 * what the user imported each file as ({@link SourceRef}: by default its name alone).
 */
public record ImportBatch(
    List<String> files, List<Event> events, String description, List<SourceRef> sources) {
  public ImportBatch {
    files = List.copyOf(files);
    events = List.copyOf(events);
    sources =
        sources == null ? files.stream().map(SourceRef::named).toList() : List.copyOf(sources);
  }

  public ImportBatch(List<String> files, List<Event> events, String description) {
    this(files, events, description, null);
  }

  /** The same batch, each file imported as {@code sourceOf} says. */
  public ImportBatch withSources(Function<String, SourceRef> sourceOf) {
    return new ImportBatch(files, events, description, files.stream().map(sourceOf).toList());
  }
}
