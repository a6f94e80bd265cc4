package io.benchlake.analytics.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Small reports built from plain values, for the renderers' tests. */
final class ReportSamples {
  static final String EVIL = "<script>alert(1)</script>";

  private ReportSamples() {}

  static ThreadStatistics stats(double... values) {
    double mean = java.util.Arrays.stream(values).average().orElse(0);
    double max = java.util.Arrays.stream(values).max().orElse(0);
    double min = java.util.Arrays.stream(values).min().orElse(0);
    return new ThreadStatistics(
        values.length,
        mean,
        max,
        min,
        1.5,
        0.01,
        mean,
        max,
        max,
        0.0,
        java.util.Arrays.stream(values).boxed().toList());
  }

  /** Two datasets, the second named like a script, at 1 and 4 threads; B 10% below A. */
  static ComparisonReport twoDatasets(Optional<String> baseline) {
    Map<String, Map<Integer, ThreadStatistics>> stats = new LinkedHashMap<>();
    stats.put("Mariadb 11.4.5", Map.of(1, stats(100, 102, 98), 4, stats(400, 404, 396)));
    stats.put(EVIL, Map.of(1, stats(90, 91.8, 88.2), 4, stats(360, 363.6, 356.4)));
    PropertyTable system =
        new PropertyTable.Builder()
            .put("Mariadb 11.4.5", "Host", "db1")
            .put(EVIL, "Host", "db2 & <b>")
            .build();
    List<String> datasets = List.of("Mariadb 11.4.5", EVIL);
    List<Difference> diffs =
        Differences.find(
            datasets,
            system,
            List.of(
                new Setting("variable", "Mariadb 11.4.5", "innodb_buffer_pool_size", "128M"),
                new Setting("variable", "Mariadb 11.4.5", "version", "11.4.5"),
                new Setting("variable", EVIL, "innodb_buffer_pool_size", "1G"),
                new Setting("variable", EVIL, "version", "10.11.5")));
    return ComparisonReport.builder()
        .title(List.of("TPS by Thread Count", "TPS by Thread Count - OLTP_RW"))
        .test("OLTP_RW")
        .metric("TPS")
        .datasets(datasets)
        .threads(List.of(1, 4))
        .stats(stats)
        .system(system)
        .baseline(baseline)
        .differences(diffs)
        .runIds(Map.of("Mariadb 11.4.5", "r1", EVIL, "r2"))
        .build();
  }
}
