package io.benchlake.ingest.importer;

import java.util.List;
import java.util.Map;

/**
 * A TAF comparison report: its title lines, the metric compared, the datasets, the property tables
 * (in their row order) and each dataset's iteration values per thread count.
 */
public record TafReport(
    SourceFile file,
    List<String> title,
    String metric,
    List<String> datasets,
    Map<String, Map<String, String>> systemInfo,
    Map<String, Map<String, String>> databaseInfo,
    Map<String, Map<String, String>> testInfo,
    Map<Integer, Map<String, List<Double>>> iterations) {}
