package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;

/**
 * Where an imported run came from: the files read (name and SHA-256 of the content) and the
 * importer that read them, at its version. An import of the same files finds the runs they gave
 * before through it (docs/architecture.md, Corrections). A run read from several reports (the NOPM
 * and the DELIVERY_ratio report of the same runs) has one per report.
 */
public record RunSource(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    String importer,
    int importerVersion,
    List<SourceDigest> files,
    String importedAs)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.RUN_SOURCE;
  }

  /**
   * One file read: its name as given, the SHA-256 of its bytes and its path as the user imported it
   * (relative to the directory or layout root given, else its file name; null before recorded).
   */
  public record SourceDigest(String name, String sha256, String path) {
    public SourceDigest {
      Event.requireText(sha256, "sha256");
    }
  }

  public RunSource {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.requireText(importer, "importer");
    schema = schema == null ? EventKind.RUN_SOURCE.schemaId() : schema;
    files = files == null ? List.of() : List.copyOf(files);
    if (files.isEmpty()) {
      throw new IllegalArgumentException("files is required");
    }
  }
}
