package io.benchlake.loadgen.plan;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** Reads plan files: YAML mapped straight onto {@link PlanFile}, mistakes as file:line. */
public final class PlanFiles {
  private static final ObjectMapper YAML =
      YAMLMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .build();

  private PlanFiles() {}

  public static PlanFile read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new BadInputException("cannot read plan " + file + ": " + e.getMessage());
    }
    return parse(text, file.toString());
  }

  /** Parses a plan's text; {@code source} names it in messages. */
  public static PlanFile parse(String text, String source) {
    try {
      PlanFile plan = YAML.readValue(text, PlanFile.class);
      if (plan == null) {
        throw BadInputException.at(source, 1, "the plan is empty");
      }
      return plan;
    } catch (UnrecognizedPropertyException e) {
      long at = lineOf(text, e.getPropertyName());
      throw BadInputException.at(
          source,
          at > 0 ? at : line(e.getLocation()),
          "unknown key '"
              + e.getPropertyName()
              + "' (known: "
              + e.getKnownPropertyIds().stream()
                  .map(String::valueOf)
                  .sorted()
                  .collect(Collectors.joining(", "))
              + ")");
    } catch (JsonMappingException e) {
      Throwable cause = e.getCause();
      String why =
          cause instanceof IllegalArgumentException ? cause.getMessage() : e.getOriginalMessage();
      throw BadInputException.at(source, line(e.getLocation()), firstLine(why) + path(e));
    } catch (JsonProcessingException e) {
      throw BadInputException.at(
          source, line(e.getLocation()), "not valid YAML: " + firstLine(e.getOriginalMessage()));
    }
  }

  /**
   * Resolves a parsed plan; a bad value is reported at the line of its key where the file has one.
   */
  public static BenchmarkPlan resolve(PlanFile plan, String text, String source) {
    try {
      return BenchmarkPlan.resolve(plan);
    } catch (IllegalArgumentException | BadInputException e) {
      String message = e.getMessage();
      long line = 0;
      if (message.startsWith("--") && text != null) {
        String key = message.substring(2).split("[ ']", 2)[0];
        line = lineOf(text, key);
      }
      throw line > 0
          ? BadInputException.at(source, line, message)
          : new BadInputException(source + ": " + message);
    }
  }

  static long lineOf(String text, String key) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String t = lines[i].trim();
      if (t.startsWith(key + ":") || t.startsWith(key.replace('-', '_') + ":")) {
        return i + 1;
      }
    }
    return 0;
  }

  private static String path(JsonMappingException e) {
    String p =
        e.getPath().stream()
            .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
            .collect(Collectors.joining("."));
    return p.isEmpty() ? "" : " (at " + p.replace(".[", "[") + ")";
  }

  private static long line(JsonLocation location) {
    return location == null ? 0 : location.getLineNr();
  }

  private static String firstLine(String s) {
    return s == null ? "" : s.lines().findFirst().orElse("");
  }
}
