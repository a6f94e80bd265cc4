package io.benchlake.loadgen.plan;

import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A run plan as written in YAML (keys in kebab-case), or as given by flags: every field may be
 * absent and then has its default. {@link #over} lays flags over a file.
 */
public record PlanFile(
    String test,
    String workload,
    String tag,
    List<Integer> threads,
    Integer iterations,
    String time,
    Long events,
    String warmupTime,
    String reportInterval,
    Double percentile,
    String histogram,
    Double rate,
    String mysqlIgnoreErrors,
    Boolean restartBetweenThreads,
    Boolean prepare,
    Boolean cleanup,
    Map<String, String> options,
    Map<String, String> properties,
    List<DatasetSpec> datasets,
    String forcedShutdown,
    String testbed) {

  /** This plan with every field {@code top} sets taken from {@code top}; options are merged. */
  public PlanFile over(PlanFile base) {
    Map<String, String> merged = new java.util.LinkedHashMap<>();
    if (base.options != null) {
      merged.putAll(base.options);
    }
    if (options != null) {
      merged.putAll(options);
    }
    Map<String, String> props = new java.util.LinkedHashMap<>();
    if (base.properties != null) {
      props.putAll(base.properties);
    }
    if (properties != null) {
      props.putAll(properties);
    }
    return new PlanFile(
        pick(test, base.test),
        pick(workload, base.workload),
        pick(tag, base.tag),
        pick(threads, base.threads),
        pick(iterations, base.iterations),
        pick(time, base.time),
        pick(events, base.events),
        pick(warmupTime, base.warmupTime),
        pick(reportInterval, base.reportInterval),
        pick(percentile, base.percentile),
        pick(histogram, base.histogram),
        pick(rate, base.rate),
        pick(mysqlIgnoreErrors, base.mysqlIgnoreErrors),
        pick(restartBetweenThreads, base.restartBetweenThreads),
        pick(prepare, base.prepare),
        pick(cleanup, base.cleanup),
        merged,
        props,
        pick(datasets, base.datasets),
        pick(forcedShutdown, base.forcedShutdown),
        pick(testbed, base.testbed));
  }

  /**
   * Whether this plan sets {@code key}: a plan key as a file spells it (warmup-time), or a workload
   * option (with '-' or '_').
   */
  public boolean gives(String key) {
    if (options != null
        && (options.containsKey(key) || options.containsKey(key.replace('-', '_')))) {
      return true;
    }
    for (RecordComponent c : PlanFile.class.getRecordComponents()) {
      String kebab = c.getName().replaceAll("([a-z])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
      if (kebab.equals(key)) {
        try {
          return c.getAccessor().invoke(this) != null;
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException("a record's accessor is public", e);
        }
      }
    }
    return false;
  }

  private static <T> T pick(T top, T base) {
    return top != null ? top : base;
  }
}
