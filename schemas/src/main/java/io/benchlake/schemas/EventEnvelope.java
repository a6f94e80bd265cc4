package io.benchlake.schemas;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What every event of a run begins with (event id, run id, emitted at, started at), made by {@link
 * RunContext#event}; its factories add an event's own fields, and the schema is each event's
 * current one.
 */
public final class EventEnvelope {
  private final String eventId;
  private final String runId;
  private final Instant emittedAt;
  private final Instant startedAt;

  EventEnvelope(String eventId, String runId, Instant emittedAt, Instant startedAt) {
    this.eventId = eventId;
    this.runId = runId;
    this.emittedAt = emittedAt;
    this.startedAt = startedAt;
  }

  public String eventId() {
    return eventId;
  }

  public RunStarted runStarted(
      String dataset,
      String testSuite,
      String testName,
      String tag,
      String source,
      RunParameters parameters,
      List<Property> properties) {
    return runStarted(dataset, testSuite, testName, tag, source, parameters, properties, null);
  }

  /** A run's start on the machine {@code testbed} (null where unknown). */
  public RunStarted runStarted(
      String dataset,
      String testSuite,
      String testName,
      String tag,
      String source,
      RunParameters parameters,
      List<Property> properties,
      String testbed) {
    return new RunStarted(
        null,
        eventId,
        runId,
        emittedAt,
        startedAt,
        dataset,
        testSuite,
        testName,
        tag,
        source,
        parameters,
        properties,
        testbed);
  }

  public EnvironmentSnapshot environment(HostFacts host, DatabaseFacts database) {
    return new EnvironmentSnapshot(null, eventId, runId, emittedAt, startedAt, host, database);
  }

  /** A sample of one interval: the figures it measured are set by name on the builder. */
  public Sample.Builder sample(
      int threads, int iteration, Sample.Phase phase, double offsetS, double intervalS) {
    Sample.Builder sample = new Sample.Builder();
    sample.eventId = eventId;
    sample.runId = runId;
    sample.emittedAt = emittedAt;
    sample.startedAt = startedAt;
    sample.threads = threads;
    sample.iteration = iteration;
    sample.phase = phase;
    sample.offsetS = offsetS;
    sample.intervalS = intervalS;
    return sample;
  }

  /** An iteration's totals; {@code statusBefore}/{@code statusAfter} null where not read. */
  public IterationFinished iterationFinished(
      int threads,
      int iteration,
      IterationFinished.Status status,
      Double measuredS,
      List<IterationValue> values,
      List<TransactionTiming> timings,
      Map<String, Long> statusBefore,
      Map<String, Long> statusAfter) {
    return new IterationFinished(
        null,
        eventId,
        runId,
        emittedAt,
        startedAt,
        threads,
        iteration,
        status,
        measuredS,
        values,
        timings,
        statusBefore,
        statusAfter);
  }

  public RunFinished runFinished(
      RunFinished.Status status, String error, List<Property> properties) {
    return new RunFinished(null, eventId, runId, emittedAt, startedAt, status, error, properties);
  }

  public Annotation annotation(
      Integer threads, Integer iteration, Annotation.Action action, String reason, String author) {
    return new Annotation(
        null, eventId, runId, emittedAt, startedAt, threads, iteration, action, reason, author);
  }

  public SourceStatistics sourceStatistics(
      String metric, String source, List<String> title, List<PrintedStatistic> statistics) {
    return new SourceStatistics(
        null, eventId, runId, emittedAt, startedAt, metric, source, title, statistics);
  }

  public Retraction retraction(String reason, List<String> replacedBy, List<String> sourceFiles) {
    return new Retraction(
        null, eventId, runId, emittedAt, startedAt, reason, replacedBy, sourceFiles);
  }

  public RunSource runSource(
      String importer, int importerVersion, List<RunSource.SourceDigest> files, String importedAs) {
    return new RunSource(
        null, eventId, runId, emittedAt, startedAt, importer, importerVersion, files, importedAs);
  }
}
