package io.benchlake.loadgen.workload;

import java.util.Map;

/**
 * A report test name and what it runs: a workload with some options fixed, e.g.
 * SELECT_SIMPLE_RANGES is oltp_read_only with one simple range and nothing else per event.
 */
public record TestPreset(String testName, String workload, Map<String, String> options) {
  public TestPreset {
    options = Map.copyOf(options);
  }
}
