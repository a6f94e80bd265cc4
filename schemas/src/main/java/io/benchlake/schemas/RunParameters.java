package io.benchlake.schemas;

import java.util.List;

/**
 * How a run was configured. Durations are seconds; {@code durationUnit} keeps the unit the source
 * gave (seconds for sysbench, minutes for HammerDB) so a report can show it as the source did.
 */
public record RunParameters(
    String workload,
    Integer tables,
    Long tableSize,
    Integer warehouses,
    Double durationS,
    String durationUnit,
    Integer iterations,
    List<Integer> threads,
    Double warmupS,
    Double reportIntervalS,
    String randType) {
  public RunParameters {
    threads = threads == null ? List.of() : List.copyOf(threads);
  }
}
