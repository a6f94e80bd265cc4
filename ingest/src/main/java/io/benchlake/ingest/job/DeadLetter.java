package io.benchlake.ingest.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.apache.flink.api.common.serialization.SerializationSchema;

/**
 * A record of {@code benchlake.dlq}: why an event was refused, where it was read (topic, partition,
 * offset) and its original bytes (base64, plus the text when it is UTF-8).
 */
public record DeadLetter(String origin, String reason, String valueBase64) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public static DeadLetter of(RefusedEvent e) {
    return new DeadLetter(
        e.origin,
        e.reason,
        Base64.getEncoder().encodeToString(e.value == null ? new byte[0] : e.value));
  }

  public byte[] toJson() {
    ObjectNode n = JSON.createObjectNode();
    n.put("origin", origin);
    n.put("reason", reason);
    n.put("value_base64", valueBase64);
    n.put(
        "value_text", new String(Base64.getDecoder().decode(valueBase64), StandardCharsets.UTF_8));
    try {
      return JSON.writeValueAsBytes(n);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  public static DeadLetter fromJson(byte[] bytes) throws IOException {
    JsonNode n = JSON.readTree(bytes);
    return new DeadLetter(
        n.path("origin").asText(), n.path("reason").asText(), n.path("value_base64").asText());
  }

  /** The original bytes as text, for people. */
  public String valueText() {
    return new String(Base64.getDecoder().decode(valueBase64), StandardCharsets.UTF_8);
  }

  /** How the Flink job writes refused events to the dead-letter topic. */
  public static final class Serializer implements SerializationSchema<RefusedEvent> {
    @Override
    public byte[] serialize(RefusedEvent element) {
      return of(element).toJson();
    }
  }
}
