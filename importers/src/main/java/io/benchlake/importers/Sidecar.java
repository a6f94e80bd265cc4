package io.benchlake.importers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a log does not say, from a JSON file beside it ({@code LOG.meta.json}): {@code dataset},
 * {@code test}, {@code iteration}, {@code started_at}, {@code testbed}. Flags fill what it leaves
 * out.
 */
record Sidecar(
    Optional<String> dataset,
    Optional<String> test,
    Optional<Integer> iteration,
    Optional<String> startedAt,
    Optional<String> testbed) {

  static String name(Path log) {
    return log.getFileName() + ".meta.json";
  }

  static Sidecar of(Path log) {
    Path file = log.resolveSibling(name(log));
    if (!Files.isRegularFile(file)) {
      return new Sidecar(
          Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }
    try {
      JsonNode n = new ObjectMapper().readTree(file.toFile());
      if (n.has("iteration") && !n.get("iteration").canConvertToInt()) {
        throw new BadInputException(file + ": iteration must be a whole number");
      }
      return new Sidecar(
          text(n, "dataset"),
          text(n, "test"),
          n.has("iteration") ? Optional.of(n.get("iteration").asInt()) : Optional.empty(),
          text(n, "started_at"),
          text(n, "testbed"));
    } catch (IOException e) {
      throw new BadInputException(
          file + ": not a JSON object: " + e.getMessage().lines().findFirst().orElse(""));
    }
  }

  private static Optional<String> text(JsonNode n, String field) {
    return n.hasNonNull(field) ? Optional.of(n.get(field).asText()) : Optional.empty();
  }
}
