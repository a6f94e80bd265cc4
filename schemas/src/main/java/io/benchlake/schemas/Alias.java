package io.benchlake.schemas;

import java.time.Instant;
import java.util.Locale;

/**
 * A user's alias: from now on the test name, dataset label or testbed {@code from} is read as
 * {@code to} (docs/architecture.md, Canonical names). The views apply it to every run, past and
 * future, so a rebuild gives the same answers; the name the run was published with stays on the
 * run. For one (kind, from) the newest alias stands; an alias whose {@code to} equals its {@code
 * from} takes an earlier one back. Keyed by {@link #keyOf}: one name's aliases stay in order in one
 * partition.
 */
public record Alias(
    String schema,
    String eventId,
    String runId,
    Instant emittedAt,
    Instant startedAt,
    Kind kind,
    String from,
    String to,
    String author)
    implements Event {

  @Override
  public EventKind eventKind() {
    return EventKind.ALIAS;
  }

  /** What the alias renames. */
  public enum Kind {
    test,
    dataset,
    /** A machine's name: two testbed names joined into one series (sql/00_aliases.sql). */
    testbed
  }

  public Alias {
    Event.requireText(eventId, "event_id");
    Event.requireText(runId, "run_id");
    Event.require(emittedAt, "emitted_at");
    Event.require(startedAt, "started_at");
    Event.require(kind, "kind");
    Event.requireText(from, "from");
    Event.requireText(to, "to");
    schema = schema == null ? EventKind.ALIAS.schemaId() : schema;
  }

  /** An alias made now by {@code author}. */
  public static Alias of(Kind kind, String from, String to, String author, Instant now) {
    return new Alias(null, EventIds.random(), keyOf(kind, from), now, now, kind, from, to, author);
  }

  /** The record key of a name's aliases (an alias belongs to no run). */
  public static String keyOf(Kind kind, String from) {
    return "alias:" + kind + ":" + from.toLowerCase(Locale.ROOT);
  }
}
