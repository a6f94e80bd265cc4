package io.benchlake.loadgen.workload;

import java.util.List;
import java.util.Map;

/**
 * Workloads that share one kind of options: sysbench's OLTP scripts, HammerDB's TPROC-C. A family
 * knows its option list, parses options, makes its workloads and says what a run's parameters
 * report of the data, so that nothing else needs to know which family a workload is of.
 */
public interface WorkloadFamily<O extends WorkloadOptions> {

  /** The family's workloads, by name, in the order help lists them. */
  List<String> workloads();

  /** The options its workloads take, as the command line and plan files name them. */
  List<OptionSpec> specs();

  /** Options from name → value pairs, the rest at their defaults; a mistake names the option. */
  O options(Map<String, String> given);

  /** The workload {@code name} (one of {@link #workloads}) with {@code options}. */
  Workload create(String name, O options);

  /** What a run's parameters report of the data these options make. */
  DataShape shape(O options);

  /** The type of this family's options. */
  Class<O> optionsType();

  /**
   * What the run's parameters report of the data: tables and rows (OLTP) or warehouses (TPROC-C),
   * and the distribution of the keys; null where the family has no such figure.
   */
  record DataShape(Integer tables, Long tableSize, Integer warehouses, String randType) {}
}
