package io.benchlake.schemas;

import java.time.Instant;
import java.util.function.Supplier;

/**
 * One run as its events are built: its id, its start, when its events are emitted and how their ids
 * are made. Loadgen and the importers build every event through {@link #event}, so the envelope
 * (schema, event id, run id, emitted at, started at) is written here once.
 *
 * <p>A live run's event ids are random and each event is stamped with the clock. An imported run's
 * ids are derived from the run id and the event's place in its source ({@code "run_started"}, or a
 * file digest, {@code "sample"} and a line): importing the same files again gives the same ids,
 * which is what deduplicates re-imports. Its events are emitted at the run's start (the source does
 * not say when it was written).
 */
public final class RunContext {
  private final String runId;
  private final Instant startedAt;
  private final boolean derivedIds;
  private final Supplier<Instant> emittedAt;

  private RunContext(
      String runId, Instant startedAt, boolean derivedIds, Supplier<Instant> emittedAt) {
    Event.requireText(runId, "run_id");
    Event.require(startedAt, "started_at");
    this.runId = runId;
    this.startedAt = startedAt;
    this.derivedIds = derivedIds;
    this.emittedAt = emittedAt;
  }

  /** A run measured now: random event ids, each event emitted when it is built. */
  public static RunContext live(String runId, Instant startedAt) {
    return new RunContext(runId, startedAt, false, Instant::now);
  }

  /**
   * An imported run, named by {@link EventIds#importedRun} from what identifies it, so that several
   * reports of the same run merge into one.
   */
  public static RunContext imported(String dataset, String test, Instant startedAt, String host) {
    return imported(EventIds.importedRun(dataset, test, startedAt, host), startedAt);
  }

  /** An imported run whose id is already known (a re-reading, a correction). */
  public static RunContext imported(String runId, Instant startedAt) {
    return new RunContext(runId, startedAt, true, () -> startedAt);
  }

  /** The same run, its events emitted at {@code at} (a correction is dated when it is made). */
  public RunContext emittedAt(Instant at) {
    Event.require(at, "emitted_at");
    return new RunContext(runId, startedAt, derivedIds, () -> at);
  }

  public String runId() {
    return runId;
  }

  public Instant startedAt() {
    return startedAt;
  }

  /**
   * The envelope of the next event, at {@code place}: for an imported run its id is derived from
   * the run id and the place, which must then be given; a live run's ids are random, and the place
   * only names the event for a reader of the code.
   */
  public EventEnvelope event(String... place) {
    String eventId;
    if (derivedIds) {
      if (place.length == 0) {
        throw new IllegalStateException("an imported run's event needs a place to derive its id");
      }
      String[] parts = new String[place.length + 1];
      parts[0] = runId;
      System.arraycopy(place, 0, parts, 1, place.length);
      eventId = EventIds.derived(parts);
    } else {
      eventId = EventIds.random();
    }
    return new EventEnvelope(eventId, runId, emittedAt.get(), startedAt);
  }

  @Override
  public String toString() {
    return "RunContext[" + runId + ", " + startedAt + (derivedIds ? ", imported]" : ", live]");
  }
}
