package io.benchlake.importers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.core.Labels;
import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * What a log does not say, from a JSON file beside it ({@code LOG.meta.json}): {@code dataset},
 * {@code test}, {@code iteration}, {@code started_at}, {@code testbed}, and the {@code timezone} a
 * local started_at is in. Flags fill what it leaves out. A local started_at is kept as the instant
 * it is in that zone (else --timezone's); the other forms are kept as written.
 */
public record Sidecar(
    Optional<String> dataset,
    Optional<String> test,
    Optional<Integer> iteration,
    Optional<String> startedAt,
    Optional<String> testbed,
    Optional<ZoneId> timezone) {

  public static String name(Path log) {
    return log.getFileName() + ".meta.json";
  }

  /** Whether {@code file} is a sidecar (of a file beside it), not an output to import. */
  public static boolean is(Path file) {
    return file.getFileName().toString().endsWith(".meta.json");
  }

  public static Sidecar of(Path log) {
    return of(log, Optional.empty());
  }

  /** The sidecar of {@code log}, its local started_at taken in its timezone, else {@code given}. */
  public static Sidecar of(Path log, Optional<ZoneId> given) {
    Path file = log.resolveSibling(name(log));
    if (!Files.isRegularFile(file)) {
      return new Sidecar(
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty());
    }
    try {
      JsonNode n = new ObjectMapper().readTree(file.toFile());
      if (n.has("iteration") && !n.get("iteration").canConvertToInt()) {
        throw new BadInputException(file + ": iteration must be a whole number");
      }
      Optional<ZoneId> timezone = text(n, "timezone").map(z -> zone(file, z));
      Optional<String> startedAt =
          text(n, "started_at").map(t -> startedAt(file, t, timezone.or(() -> given)));
      Optional<String> dataset = text(n, "dataset");
      Optional<String> test = text(n, "test");
      dataset.flatMap(d -> Labels.problem("dataset", d)).ifPresent(p -> refuse(file, "dataset", p));
      test.flatMap(t -> Labels.problem("test", t)).ifPresent(p -> refuse(file, "test", p));
      return new Sidecar(
          dataset,
          test,
          n.has("iteration") ? Optional.of(n.get("iteration").asInt()) : Optional.empty(),
          startedAt,
          text(n, "testbed"),
          timezone);
    } catch (IOException e) {
      throw new BadInputException(
          file + ": not a JSON object: " + e.getMessage().lines().findFirst().orElse(""));
    }
  }

  /**
   * A started_at as kept: a local time as its instant in {@code zone}; one that is no date, a local
   * time with no zone, or one outside 1970-2200 refused at its file:line.
   */
  private static String startedAt(Path file, String text, Optional<ZoneId> zone) {
    try {
      Instant at = StartedAt.parse("started_at", text, zone);
      return StartedAt.isLocal(text) ? at.toString() : text;
    } catch (BadInputException e) {
      refuse(file, "started_at", e.getMessage());
      throw e;
    }
  }

  /** The sidecar's timezone: a region or an offset, refused at its line otherwise. */
  private static ZoneId zone(Path file, String text) {
    try {
      return ZoneAbbreviations.parseOption(text);
    } catch (BadInputException e) {
      refuse(file, "timezone", e.getMessage().replaceFirst("^--timezone", "timezone"));
      throw e;
    }
  }

  /** Refuses the sidecar at the line of {@code field} (the first line when not found). */
  private static void refuse(Path file, String field, String problem) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException unreadable) {
      throw new BadInputException(file + ": " + problem);
    }
    int line = 1;
    while (line < lines.size() && !lines.get(line - 1).contains("\"" + field + "\"")) {
      line++;
    }
    throw BadInputException.at(file.toString(), line, problem);
  }

  private static Optional<String> text(JsonNode n, String field) {
    return n.hasNonNull(field) ? Optional.of(n.get(field).asText()) : Optional.empty();
  }
}
