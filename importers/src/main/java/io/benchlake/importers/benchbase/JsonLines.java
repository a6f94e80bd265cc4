package io.benchlake.importers.benchbase;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;

/**
 * A JSON file BenchBase wrote (summary, DBMS parameters and metrics), read whole with duplicate
 * keys refused, and the line a key stands on, so that a refusal names file:line.
 */
final class JsonLines {
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

  private JsonLines() {}

  /** The file's one JSON object; anything else is refused where it breaks. */
  static JsonNode object(SourceFile file, String what) {
    String text = String.join("\n", file.lines());
    if (text.isBlank()) {
      throw BadInputException.at(file.name(), 1, "empty; expected " + what + " (a JSON object)");
    }
    JsonNode node;
    try {
      node = MAPPER.readTree(text);
    } catch (JsonProcessingException e) {
      long line = e.getLocation() == null ? 1 : Math.max(1, e.getLocation().getLineNr());
      throw BadInputException.at(
          file.name(),
          line,
          "not " + what + ": " + e.getOriginalMessage().lines().findFirst().orElse("bad JSON"));
    }
    if (node == null || !node.isObject()) {
      throw BadInputException.at(file.name(), 1, "expected " + what + " (a JSON object)");
    }
    return node;
  }

  /** The 1-based line where {@code "key"} first stands, else 1. */
  static int lineOf(SourceFile file, String key) {
    String quoted = "\"" + key + "\"";
    for (int i = 0; i < file.lines().size(); i++) {
      if (file.lines().get(i).contains(quoted)) {
        return i + 1;
      }
    }
    return 1;
  }
}
