package io.benchlake.importers;

import java.util.List;

/** What parsing one format's files gave: its batches, the files that failed and the bytes read. */
public record ParseOutcome(List<ImportBatch> batches, List<String> failures, long bytes) {
  public static ParseOutcome of(ImportFiles.Read<ImportBatch> read) {
    return new ParseOutcome(read.values(), read.failures(), read.bytes());
  }
}
