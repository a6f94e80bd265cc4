package io.benchlake.importers.hammerdb;

import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceFile;
import java.io.PrintStream;
import java.util.regex.Pattern;

/**
 * HammerDB's outputs ({@code import hammerdb}): CLI transcripts, web-service JSON, time profile and
 * transaction counter logs, grouped into the ladders they tell of.
 */
public final class HammerdbFormat implements FormatImporter {
  /** Lines only HammerDB prints: its monitor's, a result, its logs' headers, a job's JSON keys. */
  private static final Pattern MARK =
      Pattern.compile(
          "(?i)^(.*\\bVuser [0-9]+:.*|.*TEST RESULT\\b.*|.*Hammerdb (Time Profile Report|Transaction"
              + " Counter Log) @.*|.*\"jobid\".*|.*\\bhammerdb(cli)?>.*)$");

  @Override
  public String name() {
    return "hammerdb";
  }

  @Override
  public int version() {
    return 4; // 4: a ladder's event ids follow from its rungs, not from its file's bytes
  }

  @Override
  public boolean recognises(SourceFile file) {
    return file.lines().stream().anyMatch(l -> MARK.matcher(l.strip()).matches());
  }

  @Override
  public ParseOutcome parse(ImportRequest request, PrintStream progress) {
    return HammerdbImport.parse(request);
  }
}
