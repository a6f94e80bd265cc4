package io.benchlake.importers.taf;

import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceFile;
import io.benchlake.importers.SourceRef;
import java.io.PrintStream;

/** The MariaDB Test Automation Framework's comparison reports ({@code import taf-report}). */
public final class TafReportFormat implements FormatImporter {
  @Override
  public String name() {
    return "taf-report";
  }

  @Override
  public int version() {
    return 3;
  }

  /** A {@code Comparison: METRIC} line, then the {@code Threads<TAB>dataset…} table header. */
  @Override
  public boolean recognises(SourceFile file) {
    boolean comparison = false;
    for (String line : file.lines()) {
      if (line.startsWith("Comparison: ")) {
        comparison = true;
      } else if (comparison && line.startsWith("Threads\t")) {
        return true;
      }
    }
    return false;
  }

  @Override
  public ParseOutcome parse(ImportRequest request, PrintStream progress) {
    return ParseOutcome.of(
        ImportFiles.each(
            request,
            request.paths(),
            f ->
                TafReportImporter.toEvents(
                        TafReportParser.parse(f),
                        request.startedAt(),
                        request.test(),
                        request.testbed())
                    .withSources(
                        n ->
                            new SourceRef(
                                n, SourceRef.fileName(n), null, request.test().orElse(null)))));
  }
}
