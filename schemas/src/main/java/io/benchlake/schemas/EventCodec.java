package io.benchlake.schemas;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/** Turns events into JSON bytes and back, validating each against its JSON Schema on the way in. */
public final class EventCodec {

  // Numbers are read with Jackson's fast double parser: the same correctly rounded double as
  // Double.parseDouble, in less time (a sample has a dozen numbers; SampleReaderTest checks both).
  private static final ObjectMapper MAPPER =
      new ObjectMapper(
              JsonFactory.builder().enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER).build())
          .registerModule(new JavaTimeModule())
          .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .setSerializationInclusion(JsonInclude.Include.NON_NULL)
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private final Map<EventKind, JsonSchema> schemas = new EnumMap<>(EventKind.class);
  private final SampleReader samples = new SampleReader(MAPPER.getFactory());

  public EventCodec() {
    JsonSchemaFactory factory = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
    for (EventKind kind : EventKind.values()) {
      try (InputStream in = EventCodec.class.getResourceAsStream(kind.schemaResource())) {
        if (in == null) {
          throw new IllegalStateException("missing schema resource " + kind.schemaResource());
        }
        schemas.put(kind, factory.getSchema(in));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** The mapper events are written with: snake_case, ISO-8601 instants, nulls left out. */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  public byte[] encode(Event event) {
    try {
      return MAPPER.writeValueAsBytes(event);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise " + event.getClass().getSimpleName(), e);
    }
  }

  public String encodeToString(Event event) {
    try {
      return MAPPER.writeValueAsString(event);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot serialise " + event.getClass().getSimpleName(), e);
    }
  }

  /**
   * Parses, validates and binds one event; the message of the exception says what is wrong. Times
   * outside 1970-01-01..2200-01-01 are refused ({@link EventTimes}).
   */
  public Event decode(byte[] json) throws InvalidEventException {
    Sample sample = samples.read(json);
    return EventTimes.checked(sample != null ? sample : decodeInGeneral(json));
  }

  /** {@link #decode(byte[])} without the samples' fast path: tree, schema validator, binder. */
  Event decodeInGeneral(byte[] json) throws InvalidEventException {
    JsonNode tree;
    try {
      tree = MAPPER.readTree(json);
    } catch (IOException e) {
      throw new InvalidEventException("not JSON: " + firstLine(e.getMessage()), e);
    }
    return decode(tree);
  }

  public Event decode(JsonNode tree) throws InvalidEventException {
    if (tree == null || !tree.isObject()) {
      throw new InvalidEventException("not a JSON object");
    }
    JsonNode schemaField = tree.get("schema");
    if (schemaField == null || !schemaField.isTextual()) {
      throw new InvalidEventException("$.schema: required text field is missing");
    }
    EventKind kind =
        EventKind.ofSchemaId(schemaField.asText())
            .orElseThrow(
                () ->
                    new InvalidEventException(
                        "$.schema: unknown schema '" + schemaField.asText() + "'"));
    Set<ValidationMessage> problems = schemas.get(kind).validate(tree);
    if (!problems.isEmpty()) {
      throw new InvalidEventException(
          kind.schemaId()
              + ": "
              + problems.stream()
                  .map(ValidationMessage::getMessage)
                  .sorted()
                  .collect(Collectors.joining("; ")));
    }
    Event event;
    try {
      event = MAPPER.treeToValue(tree, kind.type());
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new InvalidEventException(kind.schemaId() + ": " + firstLine(e.getMessage()), e);
    }
    return EventTimes.checked(event);
  }

  /**
   * Binds an event that {@link #decode(byte[])} accepted before (the ingest job's later stages),
   * without validating it against its schema again.
   */
  public Event decodeValidated(byte[] json) throws InvalidEventException {
    Sample sample = samples.read(json);
    if (sample != null) {
      return sample;
    }
    try {
      JsonNode tree = MAPPER.readTree(json);
      EventKind kind =
          EventKind.ofSchemaId(tree.path("schema").asText())
              .orElseThrow(() -> new InvalidEventException("$.schema: unknown schema"));
      return MAPPER.treeToValue(tree, kind.type());
    } catch (IOException | IllegalArgumentException e) {
      throw new InvalidEventException("not a valid event: " + firstLine(e.getMessage()), e);
    }
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    int nl = message.indexOf('\n');
    return nl < 0 ? message : message.substring(0, nl);
  }
}
