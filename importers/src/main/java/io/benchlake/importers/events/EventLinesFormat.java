package io.benchlake.importers.events;

import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.EventCodec;
import java.io.PrintStream;

/**
 * Files of benchlake events, one JSON object a line ({@code import events}): an exported log, or
 * what another tool wrote in benchlake's schemas. They are published as they are.
 */
public final class EventLinesFormat implements FormatImporter {
  @Override
  public String name() {
    return "events";
  }

  /** 0: events are not a reading of some other output, so no reading of them is replaced. */
  @Override
  public int version() {
    return 0;
  }

  /** Its first line that is not blank is a JSON object naming a benchlake schema. */
  @Override
  public boolean recognises(SourceFile file) {
    return file.lines().stream()
        .filter(l -> !l.isBlank())
        .findFirst()
        .map(String::strip)
        .filter(l -> l.startsWith("{") && l.contains("\"schema\"") && l.contains("\"benchlake."))
        .isPresent();
  }

  @Override
  public boolean readsResults() {
    return false;
  }

  @Override
  public ParseOutcome parse(ImportRequest request, PrintStream progress) {
    EventCodec codec = new EventCodec(); // loads the JSON Schemas: only when they are needed
    return ParseOutcome.of(
        ImportFiles.each(request, request.paths(), f -> EventLinesImporter.toEvents(f, codec)));
  }
}
