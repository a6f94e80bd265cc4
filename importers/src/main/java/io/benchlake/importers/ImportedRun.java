package io.benchlake.importers;

import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunFinished;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The events every importer writes around a run's results, with ids that follow from the run. */
public final class ImportedRun {
  private ImportedRun() {}

  /** What a log knows of its environment: the host's name and the server's version. */
  public static EnvironmentSnapshot environment(
      RunContext run, String host, String version, String engine) {
    String maker =
        version == null
            ? null
            : version.toLowerCase(Locale.ROOT).contains("mysql") ? "mysql" : "mariadb";
    return environment(run, host, maker, version, engine);
  }

  /** The same, when the source names the database's maker. */
  public static EnvironmentSnapshot environment(
      RunContext run, String host, String maker, String version, String engine) {
    return run.event("environment")
        .environment(
            new HostFacts(host, null, null, null, null, null, null, null, null, null, null),
            new DatabaseFacts(maker, version, engine, null, "import", null, null, null, Map.of()));
  }

  /** The run's end: completed, or failed with the first problem found. */
  public static RunFinished finished(RunContext run, String error) {
    return run.event("run_finished")
        .runFinished(
            error == null ? RunFinished.Status.completed : RunFinished.Status.failed,
            error,
            List.of());
  }
}
