package io.benchlake.importers.benchbase;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.SourceFile;
import io.benchlake.importers.SourceRef;
import io.benchlake.schemas.RunStarted;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * BenchBase's result sets ({@code import benchbase DIR…}): summary, samples, results and
 * configuration files of each execution, grouped into ladder runs.
 */
public final class BenchbaseFormat implements FormatImporter {
  @Override
  public String name() {
    return "benchbase";
  }

  @Override
  public int version() {
    return 1;
  }

  /** A summary's keys or the samples' or results' header, as only BenchBase writes them. */
  @Override
  public boolean recognises(SourceFile file) {
    if (file.lines().isEmpty()) {
      return false;
    }
    String first = file.lines().get(0).strip();
    return first.equals(String.join(",", BenchbaseCsv.SAMPLE_HEADER))
        || first.equals(String.join(",", BenchbaseCsv.WINDOW_HEADER))
        || file.lines().stream()
                .anyMatch(l -> l.contains("\"" + BenchbaseSummary.THROUGHPUT + "\""))
            && file.lines().stream().anyMatch(l -> l.contains("\"Benchmark Type\""));
  }

  @Override
  public ParseOutcome parse(ImportRequest request, PrintStream progress) {
    List<String> failures = new ArrayList<>();
    List<ImportBatch> batches =
        BenchbaseImport.batches(request, e -> failures.add(ImportFiles.failure(request, e)));
    List<ImportBatch> out = new ArrayList<>();
    long bytes = 0;
    Set<String> counted = new HashSet<>();
    for (ImportBatch b : batches) {
      RunStarted run = (RunStarted) b.events().get(0);
      out.add(
          b.withSources(
              f -> new SourceRef(f, relative(request, f), run.dataset(), run.testName())));
      for (String f : b.files()) {
        if (counted.add(f)) {
          bytes += size(f);
        }
      }
    }
    return new ParseOutcome(out, failures, bytes);
  }

  /** The file's path relative to the directory given (its name, when given as a file). */
  private static String relative(ImportRequest request, String file) {
    Path f = Path.of(file);
    for (Path given : request.paths()) {
      if (Files.isDirectory(given) && f.startsWith(given)) {
        return given.relativize(f).toString().replace('\\', '/');
      }
    }
    return SourceRef.fileName(file);
  }

  private static long size(String file) {
    try {
      return Files.size(Path.of(file));
    } catch (IOException e) {
      throw new BadInputException(file + ": " + e.getMessage());
    }
  }
}
