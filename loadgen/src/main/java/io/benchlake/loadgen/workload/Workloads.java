package io.benchlake.loadgen.workload;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.workload.oltp.BulkInsert;
import io.benchlake.loadgen.workload.oltp.OltpInsert;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.loadgen.workload.oltp.OltpWorkload;
import io.benchlake.loadgen.workload.oltp.SelectRandomPoints;
import io.benchlake.loadgen.workload.oltp.SelectRandomRanges;
import io.benchlake.loadgen.workload.oltp.StatementGroup;
import io.benchlake.loadgen.workload.tprocc.TproccOptions;
import io.benchlake.loadgen.workload.tprocc.TproccWorkload;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every workload benchlake knows, in one explicit list, and the table of report test names that map
 * onto them (OLTP_RW is sysbench's oltp_read_write, SELECT_SIMPLE its point selects).
 */
public final class Workloads {
  private static final Map<String, Function<OltpOptions, Workload>> BY_NAME = new LinkedHashMap<>();
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

  static {
    List<StatementGroup> reads = StatementGroup.READS;
    List<StatementGroup> writes = StatementGroup.WRITES;
    List<StatementGroup> all =
        java.util.stream.Stream.concat(reads.stream(), writes.stream()).toList();
    BY_NAME.put("oltp_read_write", o -> OltpWorkload.transactional("oltp_read_write", o, all));
    BY_NAME.put("oltp_read_only", o -> OltpWorkload.transactional("oltp_read_only", o, reads));
    BY_NAME.put("oltp_write_only", o -> OltpWorkload.transactional("oltp_write_only", o, writes));
    BY_NAME.put("oltp_point_select", OltpWorkload::pointSelect);
    BY_NAME.put("oltp_insert", OltpInsert::new);
    BY_NAME.put("oltp_delete", o -> OltpWorkload.single("oltp_delete", o, StatementGroup.DELETES));
    BY_NAME.put(
        "oltp_update_index",
        o -> OltpWorkload.single("oltp_update_index", o, StatementGroup.INDEX_UPDATES));
    BY_NAME.put(
        "oltp_update_non_index",
        o -> OltpWorkload.single("oltp_update_non_index", o, StatementGroup.NON_INDEX_UPDATES));
    BY_NAME.put("select_random_points", SelectRandomPoints::new);
    BY_NAME.put("select_random_ranges", SelectRandomRanges::new);
    BY_NAME.put("bulk_insert", BulkInsert::new);
  }

  /** The TPROC-C family: one workload with options of its own. */
  private static final Map<String, Function<TproccOptions, Workload>> TPROCC =
      Map.of(TproccWorkload.NAME, TproccWorkload::new);

  private Workloads() {}

  public static List<String> names() {
    return java.util.stream.Stream.concat(BY_NAME.keySet().stream(), TPROCC.keySet().stream())
        .toList();
  }

  /** Whether a workload is of the TPROC-C family, whose options are {@link TproccOptions}. */
  public static boolean isTprocc(String name) {
    return TPROCC.containsKey(name);
  }

  /** The options a workload takes, as the command line and plan files name them. */
  public static List<OptionSpec> specs(String name) {
    return isTprocc(name) ? TproccOptions.SPECS : OltpOptions.SPECS;
  }

  /**
   * The options of a workload from name → value pairs, the rest at their defaults; a mistake is an
   * IllegalArgumentException naming the option.
   */
  public static WorkloadOptions options(String name, Map<String, String> given) {
    return isTprocc(name) ? TproccOptions.from(given) : OltpOptions.from(given);
  }

  public static List<TestPreset> tests() {
    return TESTS;
  }

  /** The workload of a name; an unknown name is a user mistake listing the known ones. */
  public static Workload create(String name, WorkloadOptions options) {
    if (!names().contains(name)) {
      throw new BadInputException(
          "unknown workload '" + name + "' (known: " + String.join(", ", names()) + ")");
    }
    try {
      if (isTprocc(name)) {
        return TPROCC.get(name).apply((TproccOptions) options);
      }
      return BY_NAME.get(name).apply((OltpOptions) options);
    } catch (IllegalArgumentException e) {
      throw new BadInputException(name + ": " + e.getMessage());
    }
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
