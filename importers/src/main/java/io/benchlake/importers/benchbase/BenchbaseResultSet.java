package io.benchlake.importers.benchbase;

import io.benchlake.importers.SourceFile;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One BenchBase execution: the files DBWorkload wrote under one base name ({@code
 * tpcc_2024-03-05_10-21-33}), read. {@code windows} is {@code *.results.csv}, {@code
 * perTransaction} each {@code *.results.<Tx>.csv} by transaction name, {@code parameters} the
 * DBMS's variables ({@code *.params.json}, secret-looking values masked), {@code statusCounters}
 * how many figures {@code *.metrics.json} holds (-1: none written). {@code files} are every file
 * read, summary first; the one-row-per-transaction {@code *.raw.csv} is never among them.
 */
public record BenchbaseResultSet(
    String baseName,
    SourceFile summaryFile,
    BenchbaseSummary summary,
    SourceFile samplesFile,
    List<BenchbaseCsv.SecondSample> samples,
    List<BenchbaseCsv.Window> windows,
    Map<String, List<BenchbaseCsv.Window>> perTransaction,
    Map<String, String> parameters,
    Optional<BenchbaseConfig> config,
    int statusCounters,
    List<SourceFile> files) {

  public BenchbaseResultSet {
    samples = List.copyOf(samples);
    windows = List.copyOf(windows);
    perTransaction =
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(perTransaction));
    parameters = Map.copyOf(parameters);
    files = List.copyOf(files);
  }

  /** The terminals: the summary's, else the configuration's (BenchBase prints both). */
  public int terminals() {
    if (summary.terminals() != null) {
      return summary.terminals();
    }
    return config.map(BenchbaseConfig::terminals).orElseThrow();
  }

  /** The scale factor, the summary's else the configuration's; null when neither names it. */
  public String scaleFactor() {
    return summary.scaleFactor() != null
        ? summary.scaleFactor()
        : config.map(BenchbaseConfig::scaleFactor).orElse(null);
  }

  /** The isolation level, the summary's else the configuration's. */
  public String isolation() {
    return summary.isolation() != null
        ? summary.isolation()
        : config.map(BenchbaseConfig::isolation).orElse(null);
  }

  /** The length of the results windows ({@code -s}, 5 s by default), when two rows show it. */
  public Integer windowS() {
    return BenchbaseCsv.windowS(windows.stream().map(BenchbaseCsv.Window::timeS).toList());
  }
}
