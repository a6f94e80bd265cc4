package io.benchlake.alerts.confirm;

import io.benchlake.schemas.RunParameters;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One side of an alert's cell as a re-run runs it: the recorded run's dataset, test, workload and
 * options at the alert's thread count, its iterations and duration, the warm-up both sides share,
 * and its server (embedded: a version; install-dir: a directory) with its recorded settings.
 */
public record ConfirmSide(
    String side,
    String recordedRunId,
    String dataset,
    String testName,
    String workload,
    Map<String, String> options,
    int threads,
    int iterations,
    double durationS,
    double warmupS,
    double reportIntervalS,
    String serverOrigin,
    String serverVersion,
    String installDir,
    Map<String, String> settings,
    String testbed) {

  public ConfirmSide {
    options = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(options));
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
  }

  /** Whether the server is an embedded MariaDB (else an installation benchlake starts). */
  public boolean embedded() {
    return "embedded".equals(serverOrigin);
  }

  /**
   * The properties that mark the re-run {@code order} (1 to 4) of the confirm of {@code alertId}:
   * every series view leaves runs with {@value RecordedRun#CONFIRMS_ALERT} out.
   */
  public Map<String, String> markers(String alertId, int order) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(RecordedRun.CONFIRMS_ALERT, alertId);
    m.put("Confirm side", side + " (re-run of " + recordedRunId + ")");
    m.put("Confirm order", order + " of " + AlertConfirmation.ORDER.size());
    return m;
  }

  /** The server's data directory: an embedded version's, or an install dir's. */
  String dataDirectory() {
    return embedded() ? "embedded " + serverVersion : "install-dir " + installDir;
  }

  /** What its tables are: the workload and its options. */
  String tables() {
    return workload + " " + options;
  }

  /** The side at re-run {@code order} of ABBA (1 to 4): before, after, after, before. */
  static String sideAt(int order) {
    return AlertConfirmation.ORDER.get(order - 1);
  }

  /** {@code run}'s side at {@code threads}; its duration is in seconds, whatever unit it shows. */
  static ConfirmSide of(String side, RecordedRun run, int threads, double warmupS) {
    RunParameters p = run.parameters();
    return new ConfirmSide(
        side,
        run.runId(),
        run.dataset(),
        run.testName(),
        p.workload(),
        run.workloadOptions(),
        threads,
        p.iterations() == null || p.iterations() < 1 ? 1 : p.iterations(),
        p.durationS() == null ? 10 : p.durationS(),
        warmupS,
        p.reportIntervalS() == null ? 1 : p.reportIntervalS(),
        run.serverOrigin(),
        run.release(),
        run.installDir(),
        run.settings(),
        run.testbed());
  }

  static final List<String> SIDES = List.of("before", "after");
}
