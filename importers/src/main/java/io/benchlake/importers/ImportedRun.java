package io.benchlake.importers;

import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.RunFinished;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/** The events every importer writes around a run's results, with ids that follow from the run. */
final class ImportedRun {
  private ImportedRun() {}

  /** What a log knows of its environment: the host's name and the server's version. */
  static EnvironmentSnapshot environment(
      String runId, Instant startedAt, String host, String version, String engine) {
    String maker =
        version == null
            ? null
            : version.toLowerCase(Locale.ROOT).contains("mysql") ? "mysql" : "mariadb";
    return environment(runId, startedAt, host, maker, version, engine);
  }

  /** The same, when the source names the database's maker. */
  static EnvironmentSnapshot environment(
      String runId, Instant startedAt, String host, String maker, String version, String engine) {
    return new EnvironmentSnapshot(
        null,
        EventIds.derived(runId, "environment"),
        runId,
        startedAt,
        startedAt,
        new HostFacts(host, null, null, null, null, null, null, null, null, null, null),
        new DatabaseFacts(maker, version, engine, null, "import", null, null, null, Map.of()));
  }

  /** The run's end: completed, or failed with the first problem found. */
  static RunFinished finished(String runId, Instant startedAt, String error) {
    return new RunFinished(
        null,
        EventIds.derived(runId, "run_finished"),
        runId,
        startedAt,
        startedAt,
        error == null ? RunFinished.Status.completed : RunFinished.Status.failed,
        error);
  }
}
