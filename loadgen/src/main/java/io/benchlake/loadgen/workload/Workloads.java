package io.benchlake.loadgen.workload;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.workload.oltp.OltpFamily;
import io.benchlake.loadgen.workload.tprocc.TproccFamily;
import io.benchlake.loadgen.workload.tprocc.TproccWorkload;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Every workload benchlake knows, in one explicit list, and the table of report test names that map
 * onto them (OLTP_RW is sysbench's oltp_read_write, SELECT_SIMPLE its point selects).
 */
public final class Workloads {
  private static final List<TestPreset> TESTS =
      List.of(
          new TestPreset("OLTP_RW", "oltp_read_write", Map.of()),
          new TestPreset("OLTP_RO", "oltp_read_only", Map.of()),
          new TestPreset("OLTP_WO", "oltp_write_only", Map.of()),
          new TestPreset("SELECT_SIMPLE", "oltp_point_select", Map.of()),
          new TestPreset(
              "SELECT_SIMPLE_RANGES",
              "oltp_read_only",
              Map.of(
                  "point-selects", "0",
                  "simple-ranges", "1",
                  "sum-ranges", "0",
                  "order-ranges", "0",
                  "distinct-ranges", "0",
                  "skip-trx", "on")),
          new TestPreset("INSERT", "oltp_insert", Map.of()),
          new TestPreset("DELETE", "oltp_delete", Map.of()),
          new TestPreset("UPDATE_INDEX", "oltp_update_index", Map.of()),
          new TestPreset("UPDATE_NON_INDEX", "oltp_update_non_index", Map.of()),
          new TestPreset("SELECT_RANDOM_POINTS", "select_random_points", Map.of()),
          new TestPreset("SELECT_RANDOM_RANGES", "select_random_ranges", Map.of()),
          new TestPreset("BULK_INSERT", "bulk_insert", Map.of()),
          new TestPreset("TPROCC", TproccWorkload.NAME, Map.of()));

  /** Every family, each listing its workloads: the one explicit list of what benchlake runs. */
  private static final List<WorkloadFamily<?>> FAMILIES =
      List.of(OltpFamily.INSTANCE, TproccFamily.INSTANCE);

  private Workloads() {}

  public static List<String> names() {
    return FAMILIES.stream().flatMap(f -> f.workloads().stream()).toList();
  }

  /** The family of a known workload; an unknown name is a user mistake listing the known ones. */
  public static WorkloadFamily<?> family(String name) {
    return FAMILIES.stream()
        .filter(f -> f.workloads().contains(name))
        .findFirst()
        .orElseThrow(
            () ->
                new BadInputException(
                    "unknown workload '" + name + "' (known: " + String.join(", ", names()) + ")"));
  }

  /** The options a workload takes, as the command line and plan files name them. */
  public static List<OptionSpec> specs(String name) {
    return family(name).specs();
  }

  /**
   * The options of a workload from name → value pairs, the rest at their defaults; a mistake is an
   * IllegalArgumentException naming the option.
   */
  public static WorkloadOptions options(String name, Map<String, String> given) {
    return family(name).options(given);
  }

  public static List<TestPreset> tests() {
    return TESTS;
  }

  /** The workload of a name; an unknown name is a user mistake listing the known ones. */
  public static Workload create(String name, WorkloadOptions options) {
    WorkloadFamily<?> family = family(name);
    try {
      return create(family, name, options);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(name + ": " + e.getMessage());
    }
  }

  /** What a run's parameters report of the data {@code options} make for workload {@code name}. */
  public static WorkloadFamily.DataShape shape(String name, WorkloadOptions options) {
    return shape(family(name), options);
  }

  // The options were made by the same family (options(name, ...)): optionsType() checks it.
  private static <O extends WorkloadOptions> Workload create(
      WorkloadFamily<O> family, String name, WorkloadOptions options) {
    return family.create(name, family.optionsType().cast(options));
  }

  private static <O extends WorkloadOptions> WorkloadFamily.DataShape shape(
      WorkloadFamily<O> family, WorkloadOptions options) {
    return family.shape(family.optionsType().cast(options));
  }

  /** The test name reports use for a workload run with plain options, e.g. OLTP_RW. */
  public static String testName(String workload) {
    return TESTS.stream()
        .filter(t -> t.workload().equals(workload) && t.options().isEmpty())
        .map(TestPreset::testName)
        .findFirst()
        .orElse(workload.toUpperCase(Locale.ROOT));
  }

  /** What a report's test name runs, e.g. oltp_read_write for OLTP_RW. */
  public static Optional<TestPreset> forTestName(String testName) {
    return TESTS.stream().filter(t -> t.testName().equalsIgnoreCase(testName)).findFirst();
  }
}
