package io.benchlake.importers;

import java.util.Map;

/**
 * The version of each importer's reading, recorded on every run it imports (run_source). Bump a
 * format's version whenever its importer reads some file differently than before (a date, a test
 * name, a value): re-importing such a file then replaces the runs it gave (Corrections), and the
 * runs say which reading they are. 1 is every importer before sources were recorded; 3 records what
 * a source was imported as, reads HammerDB results as ladders and names testbeds; HammerDB 4
 * derives a ladder's event ids from its rungs, not from its file's bytes.
 */
public final class ImporterVersions {
  private ImporterVersions() {}

  private static final Map<ImportFormat, Integer> VERSIONS =
      Map.of(ImportFormat.SYSBENCH, 3, ImportFormat.HAMMERDB, 4, ImportFormat.TAF_REPORT, 3);

  /** The version of {@code format}'s importer; 0 for {@code events}, which reads no reading. */
  public static int of(ImportFormat format) {
    return VERSIONS.getOrDefault(format, 0);
  }
}
