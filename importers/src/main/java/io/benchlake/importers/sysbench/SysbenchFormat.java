package io.benchlake.importers.sysbench;

import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceFile;
import java.io.PrintStream;
import java.util.regex.Pattern;

/** sysbench's console output ({@code import sysbench}), one log per thread count. */
public final class SysbenchFormat implements FormatImporter {
  /**
   * Lines only sysbench prints: its banner, its header, a summary heading, an interval line ({@code
   * [ 10s ] thds: …}, older {@code [ 5s] threads: …}).
   */
  private static final Pattern MARK =
      Pattern.compile(
          "^(sysbench [0-9]+\\.[0-9].*|Number of threads: [0-9]+|SQL statistics:|General"
              + " statistics:|OLTP test statistics:|Throughput:|\\[ *[0-9.]+s ?\\] (thds|threads):"
              + " .*)$");

  @Override
  public String name() {
    return "sysbench";
  }

  @Override
  public int version() {
    return 3;
  }

  @Override
  public boolean recognises(SourceFile file) {
    return file.lines().stream().anyMatch(l -> MARK.matcher(l.strip()).matches());
  }

  @Override
  public ParseOutcome parse(ImportRequest request, PrintStream progress) {
    return SysbenchImport.parse(request, progress);
  }
}
