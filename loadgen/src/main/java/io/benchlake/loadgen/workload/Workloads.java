package io.benchlake.loadgen.workload;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.loadgen.workload.oltp.OltpReadWrite;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * Every workload benchlake knows, in one explicit list, and the report test names that map onto
 * them (OLTP_RW is sysbench's oltp_read_write).
 */
public final class Workloads {
  private static final Map<String, Function<OltpOptions, Workload>> BY_NAME = new LinkedHashMap<>();
  private static final Map<String, String> TEST_NAMES = new LinkedHashMap<>();

  static {
    BY_NAME.put("oltp_read_write", OltpReadWrite::new);
    TEST_NAMES.put("oltp_read_write", "OLTP_RW");
  }

  private Workloads() {}

  public static Workload create(String name, OltpOptions options) {
    Function<OltpOptions, Workload> factory = BY_NAME.get(name);
    if (factory == null) {
      throw new BadInputException(
          "unknown workload '" + name + "' (known: " + String.join(", ", BY_NAME.keySet()) + ")");
    }
    return factory.apply(options);
  }

  /** The test name reports use for a workload, e.g. OLTP_RW for oltp_read_write. */
  public static String testName(String workload) {
    return TEST_NAMES.getOrDefault(workload, workload.toUpperCase(java.util.Locale.ROOT));
  }
}
