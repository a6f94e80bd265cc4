package io.benchlake.importers.taf;

import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.PrintedStatistic;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * A TAF comparison report: its title lines, the metric compared, the datasets, the property tables
 * (in their row order), each dataset's iteration values per thread count by iteration number, and
 * the statistics the report printed (the Comparison cell and the Thread Count table's rows).
 */
public record TafReport(
    SourceFile file,
    List<String> title,
    String metric,
    List<String> datasets,
    Map<String, Map<String, String>> systemInfo,
    Map<String, Map<String, String>> databaseInfo,
    Map<String, Map<String, String>> testInfo,
    Map<Integer, Map<String, SortedMap<Integer, Double>>> iterations,
    Map<Integer, Map<String, List<PrintedStatistic>>> printed) {}
