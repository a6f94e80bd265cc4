package io.benchlake.ingest.importer;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** What to import and the facts the files do not carry. */
public record ImportRequest(
    ImportFormat format,
    List<Path> paths,
    Optional<String> dataset,
    Optional<String> test,
    Optional<Integer> iteration,
    Optional<String> serverVersion,
    Optional<Instant> startedAt,
    Optional<String> layout,
    String host,
    boolean keepGoing) {
  public ImportRequest {
    paths = List.copyOf(paths);
  }
}
