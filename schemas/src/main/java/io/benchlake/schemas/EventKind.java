package io.benchlake.schemas;

import java.util.Arrays;
import java.util.Optional;

/** The kinds of event, with the schema name each is published under. */
public enum EventKind {
  RUN_STARTED("run_started", RunStarted.class),
  ENVIRONMENT_SNAPSHOT("environment_snapshot", EnvironmentSnapshot.class),
  SAMPLE("sample", Sample.class),
  ITERATION_FINISHED("iteration_finished", IterationFinished.class),
  RUN_FINISHED("run_finished", RunFinished.class),
  ANNOTATION("annotation", Annotation.class),
  SOURCE_STATISTICS("source_statistics", SourceStatistics.class),
  ALIAS("alias", Alias.class),
  RETRACTION("retraction", Retraction.class),
  RUN_SOURCE("run_source", RunSource.class),
  ACKNOWLEDGEMENT("acknowledgement", Acknowledgement.class),
  ALERT("alert", Alert.class),
  ALERT_STATE("alert_state", AlertState.class);

  /** The only version of every schema so far; a breaking change adds a new one. */
  public static final int CURRENT_VERSION = 1;

  private final String name;
  private final Class<? extends Event> type;

  EventKind(String name, Class<? extends Event> type) {
    this.name = name;
    this.type = type;
  }

  public String kindName() {
    return name;
  }

  public Class<? extends Event> type() {
    return type;
  }

  /** The value of the {@code schema} field for the current version, e.g. benchlake.sample/1. */
  public String schemaId() {
    return "benchlake." + name + "/" + CURRENT_VERSION;
  }

  /** The JSON Schema resource that validates this kind. */
  public String schemaResource() {
    return "/schemas/" + name + ".schema.json";
  }

  public static Optional<EventKind> ofSchemaId(String schemaId) {
    return Arrays.stream(values()).filter(k -> k.schemaId().equals(schemaId)).findFirst();
  }

  public static EventKind of(Event event) {
    return event.eventKind();
  }
}
