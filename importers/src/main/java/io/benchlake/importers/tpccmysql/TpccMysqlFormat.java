package io.benchlake.importers.tpccmysql;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceFile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** Percona's tpcc-mysql output ({@code import tpcc-mysql FILE…}), its runs as ladder runs. */
public final class TpccMysqlFormat implements FormatImporter {
  /** Lines only tpcc_start prints: its banner, its result heading, an interval line. */
  private static final Pattern MARK =
      Pattern.compile(
          "^(\\*\\*\\* ###easy### TPC-C Load Generator \\*\\*\\*|<TpmC>|[0-9]+, trx: [0-9]+.*)$");

  @Override
  public String name() {
    return "tpcc-mysql";
  }

  @Override
  public int version() {
    return 1;
  }

  @Override
  public boolean recognises(SourceFile file) {
    return file.lines().stream().anyMatch(l -> MARK.matcher(l.strip()).matches());
  }

  @Override
  public ParseOutcome parse(ImportRequest request, PrintStream progress) {
    List<String> failures = new ArrayList<>();
    List<ImportBatch> batches =
        TpccMysqlImport.batches(request, e -> failures.add(ImportFiles.failure(request, e)));
    long bytes = 0;
    Set<String> counted = new HashSet<>();
    for (ImportBatch b : batches) {
      for (String f : b.files()) {
        if (counted.add(f)) {
          try {
            bytes += Files.size(Path.of(f));
          } catch (IOException e) {
            throw new BadInputException(f + ": " + e.getMessage());
          }
        }
      }
    }
    return new ParseOutcome(batches, failures, bytes);
  }
}
