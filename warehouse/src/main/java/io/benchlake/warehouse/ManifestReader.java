package io.benchlake.warehouse;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a manifest with Jackson's streaming parser. Every read command reads the manifest first,
 * and the object mapper's first use (its introspection of the record, the Java time module) was the
 * slowest step of a cold `changes`, up to seconds on a busy machine; the parser alone starts in a
 * few ms. It reads what {@link Warehouse#JSON} writes, manifests of earlier versions without the
 * later fields included, and refuses what that mapper refuses: an unknown field, a value of the
 * wrong kind.
 */
final class ManifestReader {
  private static final JsonFactory FACTORY = new JsonFactory();

  private ManifestReader() {}

  static Manifest read(byte[] json) throws IOException {
    return read(json, new boolean[1]);
  }

  /** Whether {@code json}, a manifest that reads, carries its own checksum. */
  static boolean sealed(byte[] json) throws IOException {
    boolean[] sealed = new boolean[1];
    read(json, sealed);
    return sealed[0];
  }

  /**
   * Reads a manifest; a checksum field ({@link ManifestSeal}) must be the last and match the bytes
   * before it; {@code sealed[0]} says whether there was one.
   */
  private static Manifest read(byte[] json, boolean[] sealed) throws IOException {
    try (JsonParser p = FACTORY.createParser(json)) {
      expect(p, p.nextToken(), JsonToken.START_OBJECT);
      long seq = 0;
      Instant committedAt = null;
      Map<Integer, Long> offsets = null;
      Map<Integer, Long> readUpTo = null;
      Instant ingestStartedAt = null;
      Map<String, List<String>> files = null;
      Map<String, Manifest.FileFacts> facts = null;
      Manifest.LogIdentity log = null;
      Long events = null;
      Map<Integer, Manifest.Fingerprint> fingerprints = null;
      Map<Integer, Long> logStart = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        if (sealed[0]) {
          throw new JsonParseException(p, "a field after the manifest's checksum");
        }
        long fieldAt = p.currentTokenLocation().getByteOffset();
        JsonToken value = p.nextToken();
        switch (field) {
          case ManifestSeal.FIELD -> {
            String recorded = text(p, value);
            if (fieldAt < 0 || !ManifestSeal.sha256(json, (int) fieldAt).equals(recorded)) {
              throw new JsonParseException(
                  p, "its checksum does not match its content: it was changed after its commit");
            }
            sealed[0] = true;
          }
          case "seq" -> seq = number(p, value).longValueExact();
          case "committedAt" -> committedAt = instant(p, value);
          case "offsets" -> offsets = value == JsonToken.VALUE_NULL ? null : offsets(p, value);
          case "readUpTo" -> readUpTo = value == JsonToken.VALUE_NULL ? null : offsets(p, value);
          case "ingestStartedAt" -> ingestStartedAt = instant(p, value);
          case "files" -> files = value == JsonToken.VALUE_NULL ? null : files(p, value);
          case "facts" -> facts = value == JsonToken.VALUE_NULL ? null : facts(p, value);
          case "log" -> log = value == JsonToken.VALUE_NULL ? null : log(p, value);
          case "events" ->
              events = value == JsonToken.VALUE_NULL ? null : number(p, value).longValueExact();
          case "fingerprints" ->
              fingerprints = value == JsonToken.VALUE_NULL ? null : fingerprints(p, value);
          case "logStart" -> logStart = value == JsonToken.VALUE_NULL ? null : offsets(p, value);
          default -> throw new JsonParseException(p, "unknown field \"" + field + "\"");
        }
      }
      expect(p, p.currentToken(), JsonToken.END_OBJECT);
      if (p.nextToken() != null) {
        throw new JsonParseException(p, "more than one JSON value");
      }
      if (offsets == null || files == null) {
        throw new JsonParseException(p, "no " + (offsets == null ? "offsets" : "files"));
      }
      return new Manifest(
          seq,
          committedAt,
          offsets,
          readUpTo,
          ingestStartedAt,
          files,
          facts,
          log,
          events,
          fingerprints,
          logStart);
    } catch (ArithmeticException | NumberFormatException e) {
      throw new JsonParseException(null, "a number out of range: " + e.getMessage(), e);
    }
  }

  private static Map<Integer, Long> offsets(JsonParser p, JsonToken start) throws IOException {
    expect(p, start, JsonToken.START_OBJECT);
    Map<Integer, Long> out = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      int partition = Integer.parseInt(p.currentName());
      out.put(partition, number(p, p.nextToken()).longValueExact());
    }
    return out;
  }

  private static Map<String, List<String>> files(JsonParser p, JsonToken start) throws IOException {
    expect(p, start, JsonToken.START_OBJECT);
    Map<String, List<String>> out = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String table = p.currentName();
      expect(p, p.nextToken(), JsonToken.START_ARRAY);
      List<String> list = new ArrayList<>();
      for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
        list.add(text(p, t));
      }
      out.put(table, list);
    }
    return out;
  }

  private static Map<String, Manifest.FileFacts> facts(JsonParser p, JsonToken start)
      throws IOException {
    expect(p, start, JsonToken.START_OBJECT);
    Map<String, Manifest.FileFacts> out = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String file = p.currentName();
      expect(p, p.nextToken(), JsonToken.START_OBJECT);
      long size = 0;
      String sha256 = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        switch (field) {
          case "size" -> size = number(p, value).longValueExact();
          case "sha256" -> sha256 = value == JsonToken.VALUE_NULL ? null : text(p, value);
          default -> throw new JsonParseException(p, "unknown field \"" + field + "\"");
        }
      }
      out.put(file, new Manifest.FileFacts(size, sha256));
    }
    return out;
  }

  private static Map<Integer, Manifest.Fingerprint> fingerprints(JsonParser p, JsonToken start)
      throws IOException {
    expect(p, start, JsonToken.START_OBJECT);
    Map<Integer, Manifest.Fingerprint> out = new LinkedHashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      int partition = Integer.parseInt(p.currentName());
      expect(p, p.nextToken(), JsonToken.START_OBJECT);
      long offset = 0;
      String eventId = null;
      String sha256 = null;
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        switch (field) {
          case "offset" -> offset = number(p, value).longValueExact();
          case "eventId" -> eventId = value == JsonToken.VALUE_NULL ? null : text(p, value);
          case "sha256" -> sha256 = value == JsonToken.VALUE_NULL ? null : text(p, value);
          default -> throw new JsonParseException(p, "unknown field \"" + field + "\"");
        }
      }
      out.put(partition, new Manifest.Fingerprint(offset, eventId, sha256));
    }
    return out;
  }

  private static Manifest.LogIdentity log(JsonParser p, JsonToken start) throws IOException {
    expect(p, start, JsonToken.START_OBJECT);
    String clusterId = null;
    String topicId = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String field = p.currentName();
      JsonToken value = p.nextToken();
      String text = value == JsonToken.VALUE_NULL ? null : text(p, value);
      switch (field) {
        case "clusterId" -> clusterId = text;
        case "topicId" -> topicId = text;
        default -> throw new JsonParseException(p, "unknown field \"" + field + "\"");
      }
    }
    return new Manifest.LogIdentity(clusterId, topicId);
  }

  /** An instant as the Java time module writes it (ISO-8601) or reads it (epoch seconds too). */
  private static Instant instant(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NULL) {
      return null;
    }
    if (value == JsonToken.VALUE_STRING) {
      try {
        return Instant.parse(p.getText());
      } catch (java.time.format.DateTimeParseException e) {
        throw new JsonParseException(p, "not an instant: \"" + p.getText() + "\"", e);
      }
    }
    BigDecimal seconds = number(p, value);
    return Instant.ofEpochSecond(
        seconds.longValue(), seconds.remainder(BigDecimal.ONE).movePointRight(9).longValue());
  }

  private static BigDecimal number(JsonParser p, JsonToken value) throws IOException {
    if (value != JsonToken.VALUE_NUMBER_INT && value != JsonToken.VALUE_NUMBER_FLOAT) {
      throw new JsonParseException(p, "expected a number, found " + value);
    }
    return p.getDecimalValue();
  }

  private static String text(JsonParser p, JsonToken value) throws IOException {
    expect(p, value, JsonToken.VALUE_STRING);
    return p.getText();
  }

  private static void expect(JsonParser p, JsonToken found, JsonToken wanted)
      throws JsonParseException {
    if (found != wanted) {
      throw new JsonParseException(p, "expected " + wanted + ", found " + found);
    }
  }
}
