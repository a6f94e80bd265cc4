package io.benchlake.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.InputStream;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An event's shape is written twice, as its record and as its JSON Schema: they must name the same
 * fields (nested objects too) and agree on which may be left out, so that a field added to one and
 * forgotten in the other fails the build. A field the schema requires is never null in the record
 * (a primitive, refused when null, or filled in); one it lets an event leave out is not refused.
 * (The hand-written {@code SampleReader} is held to the record by {@code SampleReaderTest}, the
 * warehouse's columns by ingest's {@code RowsShapeTest}.)
 */
class EventShapesTest {
  private static final PropertyNamingStrategies.NamingBase SNAKE =
      (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

  @ParameterizedTest
  @EnumSource(EventKind.class)
  void theRecordAndItsJsonSchemaNameTheSameFields(EventKind kind) throws Exception {
    assertSameFields(kind.type(), schema(kind), kind.schemaResource());
  }

  @ParameterizedTest
  @EnumSource(EventKind.class)
  void whatTheSchemaRequiresIsNeverNullInTheRecord(EventKind kind) throws Exception {
    assertSameNullability(kind.type(), schema(kind), kind.schemaResource());
  }

  private static JsonNode schema(EventKind kind) throws Exception {
    try (InputStream in = EventShapesTest.class.getResourceAsStream(kind.schemaResource())) {
      assertNotNull(in, kind.schemaResource());
      return EventCodec.mapper().readTree(in);
    }
  }

  private static void assertSameFields(Class<?> type, JsonNode schema, String where) {
    Set<String> inRecord = new TreeSet<>();
    for (RecordComponent c : type.getRecordComponents()) {
      String name = SNAKE.translate(c.getName());
      inRecord.add(name);
      JsonNode property = schema.path("properties").path(name);
      Class<?> nested = nestedRecord(c);
      if (nested != null && !property.isMissingNode()) {
        JsonNode object = property.has("items") ? property.get("items") : property;
        assertSameFields(nested, object, where + " " + name);
      }
    }
    Set<String> inSchema = new TreeSet<>();
    schema.path("properties").fieldNames().forEachRemaining(inSchema::add);
    assertEquals(inSchema, inRecord, where + ": the schema's properties and " + type.getName());
  }

  private static void assertSameNullability(Class<?> type, JsonNode schema, String where)
      throws Exception {
    Set<String> required = new HashSet<>();
    schema.path("required").forEach(n -> required.add(n.asText()));
    RecordComponent[] components = type.getRecordComponents();
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
      String name = SNAKE.translate(c.getName());
      String field = where + " " + name;
      if (c.getType().isPrimitive()) {
        assertTrue(required.contains(name), field + ": a primitive in the record, so required");
        continue;
      }
      Object[] args = filled(type);
      args[i] = null;
      Object built;
      try {
        built = constructor(type).newInstance(args);
      } catch (InvocationTargetException e) {
        assertTrue(
            required.contains(name),
            field + ": the record refuses null (" + e.getCause().getMessage() + "), so required");
        continue;
      }
      if (required.contains(name)) {
        assertNotNull(
            c.getAccessor().invoke(built), field + ": required, but the record keeps a null");
      }
      Class<?> nested = nestedRecord(c);
      JsonNode property = schema.path("properties").path(name);
      if (nested != null) {
        assertSameNullability(
            nested, property.has("items") ? property.get("items") : property, field);
      }
    }
  }

  /** The record type of a component that is one, or a list of one; null otherwise. */
  private static Class<?> nestedRecord(RecordComponent c) {
    if (c.getType().isRecord()) {
      return c.getType();
    }
    if (c.getType() == List.class
        && c.getGenericType() instanceof ParameterizedType p
        && p.getActualTypeArguments()[0] instanceof Class<?> item
        && item.isRecord()) {
      return item;
    }
    return null;
  }

  private static Constructor<?> constructor(Class<?> type) throws NoSuchMethodException {
    return type.getDeclaredConstructor(
        Arrays.stream(type.getRecordComponents())
            .map(RecordComponent::getType)
            .toArray(Class<?>[]::new));
  }

  /** Arguments the record accepts for every component: each set, texts to the field's name. */
  private static Object[] filled(Class<?> type) throws Exception {
    List<Object> args = new ArrayList<>();
    for (RecordComponent c : type.getRecordComponents()) {
      args.add(value(c.getType(), c.getGenericType(), c.getName()));
    }
    return args.toArray();
  }

  private static Object value(Class<?> type, Type generic, String name) throws Exception {
    if (type == String.class) {
      return name;
    } else if (type == int.class || type == Integer.class) {
      return 1;
    } else if (type == long.class || type == Long.class) {
      return 1L;
    } else if (type == double.class || type == Double.class) {
      return 1.0;
    } else if (type == boolean.class || type == Boolean.class) {
      return true;
    } else if (type == Instant.class) {
      return Instant.parse("2026-03-01T10:00:00Z");
    } else if (type.isEnum()) {
      return type.getEnumConstants()[0];
    } else if (type == List.class) {
      Type item = ((ParameterizedType) generic).getActualTypeArguments()[0];
      return List.of(value((Class<?>) item, item, name));
    } else if (type == Map.class) {
      return Map.of();
    } else if (type.isRecord()) {
      return constructor(type).newInstance(filled(type));
    }
    return fail("no value for a component of type " + type.getName());
  }
}
