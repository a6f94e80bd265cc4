package io.benchlake.loadgen.plan;

import io.benchlake.core.Durations;
import io.benchlake.loadgen.run.ErrorPolicy;
import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.workload.InvalidOption;
import io.benchlake.loadgen.workload.OptionValues;
import io.benchlake.loadgen.workload.TestPreset;
import io.benchlake.loadgen.workload.Workload;
import io.benchlake.loadgen.workload.WorkloadOptions;
import io.benchlake.loadgen.workload.Workloads;
import io.benchlake.schemas.Property;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A plan checked and resolved: the TAF pattern of several datasets (label + server) running one
 * test over a thread ladder, optionally restarting the server between thread counts.
 */
public record BenchmarkPlan(
    List<DatasetSpec> datasets,
    RunPlan run,
    boolean restartBetweenThreads,
    boolean prepare,
    boolean cleanup) {

  public static final String DEFAULT_EMBEDDED = "11.4.5";

  public BenchmarkPlan {
    datasets = List.copyOf(datasets);
    if (datasets.isEmpty()) {
      throw new IllegalArgumentException("datasets is empty: name at least one server");
    }
  }

  /**
   * Resolves a plan: the test name picks the workload and its fixed options (SELECT_SIMPLE_RANGES),
   * the plan's options come on top, and everything left out has sysbench's default.
   * IllegalArgumentException names the option at fault.
   */
  public static BenchmarkPlan resolve(PlanFile f) {
    String workload = f.workload();
    Map<String, String> options = new LinkedHashMap<>();
    if (f.test() != null && workload == null) {
      TestPreset preset =
          Workloads.forTestName(f.test())
              .orElseThrow(
                  () ->
                      new InvalidOption(
                          "test",
                          ""
                              + f.test()
                              + " is not a test benchlake can run; name a --workload (known tests: "
                              + String.join(
                                  ", ",
                                  Workloads.tests().stream().map(TestPreset::testName).toList())
                              + ")"));
      workload = preset.workload();
      options.putAll(preset.options());
    }
    if (workload == null) {
      workload = "oltp_read_write";
    }
    if (!Workloads.names().contains(workload)) {
      throw new InvalidOption(
          "workload",
          "'" + workload + "' is unknown (known: " + String.join(", ", Workloads.names()) + ")");
    }
    if (f.options() != null) {
      options.putAll(f.options());
    }
    WorkloadOptions parsed = Workloads.options(workload, options);
    Workload checked = Workloads.create(workload, parsed); // checks what the workload requires
    if (!Boolean.FALSE.equals(f.prepare()) || Boolean.TRUE.equals(f.cleanup())) {
      try {
        checked.checkTableOptions();
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(workload + ": " + e.getMessage(), e);
      }
    }
    List<Property> properties =
        f.properties() == null
            ? List.of()
            : f.properties().entrySet().stream()
                .map(e -> new Property(e.getKey(), e.getValue()))
                .toList();
    RunPlan run =
        RunPlan.builder(workload, parsed)
            .testName(f.test() != null ? f.test().toUpperCase(java.util.Locale.ROOT) : null)
            .tag(f.tag())
            .threads(f.threads() == null ? List.of(1) : f.threads())
            .iterations(f.iterations() == null ? 1 : f.iterations())
            .durationS(seconds("time", f.time(), "10s"))
            .events(f.events() == null ? 0 : f.events())
            .warmupS(seconds("warmup-time", f.warmupTime(), "0s"))
            .reportIntervalS(seconds("report-interval", f.reportInterval(), "1s"))
            .percentile(f.percentile() == null ? 95 : f.percentile())
            .histogram(f.histogram() != null && OptionValues.onOff("histogram", f.histogram()))
            .rate(f.rate() == null ? 0 : f.rate())
            .ignoreErrors(
                ErrorPolicy.parse(
                    f.mysqlIgnoreErrors() == null ? ErrorPolicy.DEFAULT : f.mysqlIgnoreErrors()))
            .properties(properties)
            .forcedShutdownS(forcedShutdownS(f.forcedShutdown()))
            .testbed(f.testbed())
            .build();
    List<DatasetSpec> datasets =
        f.datasets() == null || f.datasets().isEmpty()
            ? List.of(DatasetSpec.embedded(DEFAULT_EMBEDDED))
            : f.datasets();
    return new BenchmarkPlan(
        datasets,
        run,
        Boolean.TRUE.equals(f.restartBetweenThreads()),
        !Boolean.FALSE.equals(f.prepare()),
        Boolean.TRUE.equals(f.cleanup()));
  }

  /** The duration {@code key} gives, or its default; a mistake names the key. */
  private static double seconds(String key, String value, String byDefault) {
    try {
      return Durations.seconds(value == null ? byDefault : value);
    } catch (IllegalArgumentException e) {
      throw new InvalidOption(key, e.getMessage());
    }
  }

  /** sysbench's --forced-shutdown: off (-1) or seconds after the time limit. */
  private static double forcedShutdownS(String value) {
    if (value == null || value.trim().equalsIgnoreCase("off")) {
      return -1;
    }
    try {
      return Durations.seconds(value);
    } catch (IllegalArgumentException e) {
      throw new InvalidOption(
          "forced-shutdown", "expects off or a number of seconds, was '" + value + "'");
    }
  }
}
