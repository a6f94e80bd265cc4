package io.benchlake.importers;

import java.io.PrintStream;

/**
 * One tool's output read into events: what {@code benchlake import NAME} takes. Each tool is a
 * subpackage holding one implementation, listed once in {@link Importers}; every event it builds
 * goes through the run's {@link io.benchlake.schemas.RunContext}, so ids follow from the files.
 */
public interface FormatImporter {
  /**
   * The name {@code benchlake import} takes, also recorded as the importer on each run's source.
   */
  String name();

  /**
   * The version of this importer's reading, recorded on every run it imports (run_source). Bump it
   * whenever the importer reads some file differently than before (a date, a test name, a value):
   * re-importing such a file then replaces the runs it gave ({@link Corrections}). 1 is every
   * importer before sources were recorded; 3 records what a source was imported as, reads HammerDB
   * results as ladders and names testbeds; HammerDB's 4 derives a ladder's event ids from its
   * rungs, not from its file's bytes.
   */
  int version();

  /** Whether {@code file} reads as this tool's output, by the lines the tool prints. */
  boolean recognises(SourceFile file);

  /**
   * The files of {@code request} read whole into batches of events, one batch per run, and the
   * files that failed (when the request keeps going; otherwise the first failure is thrown).
   */
  ParseOutcome parse(ImportRequest request, PrintStream progress);

  /**
   * Whether a run read from these files replaces what an earlier reading of the same source gave
   * ({@link Corrections}); {@code false} for files that are events already, published as they are.
   */
  default boolean readsResults() {
    return true;
  }
}
