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

  /**
   * The envelope of {@code event} moved to run {@code runId}: an event id derived from its own and
   * the run's, emitted and started as it was (Corrections: a new reading under the id of the run it
   * replaces).
   */
  public static EventEnvelope movedTo(Event event, String runId) {
    Event.requireText(runId, "run_id");
    return new EventEnvelope(
        EventIds.derived(event.eventId(), runId), runId, event.emittedAt(), event.startedAt());
  }

  /** {@code event}'s own fields (its schema version included) inside this envelope. */
  public Event around(Event event) {
    return switch (event.eventKind()) {
      case RUN_STARTED -> {
        RunStarted e = (RunStarted) event;
        yield new RunStarted(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.dataset(),
            e.testSuite(),
            e.testName(),
            e.tag(),
            e.source(),
            e.parameters(),
            e.properties(),
            e.testbed());
      }
      case ENVIRONMENT_SNAPSHOT -> {
        EnvironmentSnapshot e = (EnvironmentSnapshot) event;
        yield new EnvironmentSnapshot(
            e.schema(), eventId, runId, emittedAt, startedAt, e.host(), e.database());
      }
      case SAMPLE -> {
        Sample e = (Sample) event;
        yield new Sample(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.threads(),
            e.liveThreads(),
            e.iteration(),
            e.offsetS(),
            e.intervalS(),
            e.phase(),
            e.transactions(),
            e.tps(),
            e.qps(),
            e.readsPs(),
            e.writesPs(),
            e.otherPs(),
            e.latencyAvgMs(),
            e.latencyPct(),
            e.latencyPctMs(),
            e.latencyMaxMs(),
            e.errorsPs(),
            e.reconnectsPs(),
            e.nopm(),
            e.tpm(),
            e.histogram(),
            e.hostCpu(),
            e.serverCpuPct());
      }
      case ITERATION_FINISHED -> {
        IterationFinished e = (IterationFinished) event;
        yield new IterationFinished(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.threads(),
            e.iteration(),
            e.status(),
            e.measuredS(),
            e.values(),
            e.timings(),
            e.statusBefore(),
            e.statusAfter());
      }
      case RUN_FINISHED -> {
        RunFinished e = (RunFinished) event;
        yield new RunFinished(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.status(),
            e.error(),
            e.properties());
      }
      case ANNOTATION -> {
        Annotation e = (Annotation) event;
        yield new Annotation(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.threads(),
            e.iteration(),
            e.action(),
            e.reason(),
            e.author());
      }
      case SOURCE_STATISTICS -> {
        SourceStatistics e = (SourceStatistics) event;
        yield new SourceStatistics(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.metric(),
            e.source(),
            e.title(),
            e.statistics());
      }
      case ALIAS -> {
        Alias e = (Alias) event;
        yield new Alias(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.kind(),
            e.from(),
            e.to(),
            e.author());
      }
      case RETRACTION -> {
        Retraction e = (Retraction) event;
        yield new Retraction(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.reason(),
            e.replacedBy(),
            e.sourceFiles());
      }
      case RUN_SOURCE -> {
        RunSource e = (RunSource) event;
        yield new RunSource(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.importer(),
            e.importerVersion(),
            e.files(),
            e.importedAs());
      }
      case ACKNOWLEDGEMENT -> {
        Acknowledgement e = (Acknowledgement) event;
        yield new Acknowledgement(
            e.schema(), eventId, runId, emittedAt, startedAt, e.origin(), e.note());
      }
      case ALERT -> {
        Alert e = (Alert) event;
        yield new Alert(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.change(),
            e.kind(),
            e.direction(),
            e.test(),
            e.metric(),
            e.threads(),
            e.testbed(),
            e.initialState(),
            e.locatedRunId(),
            e.locatedAt(),
            e.summaryId(),
            e.summaryLabel(),
            e.evaluatedCommit(),
            e.why(),
            e.provenance());
      }
      case ALERT_STATE -> {
        AlertState e = (AlertState) event;
        yield new AlertState(
            e.schema(),
            eventId,
            runId,
            emittedAt,
            startedAt,
            e.state(),
            e.link(),
            e.note(),
            e.author());
      }
    };
  }
}
