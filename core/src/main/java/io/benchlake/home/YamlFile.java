package io.benchlake.home;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.exc.PropertyBindingException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Files people write in YAML (run plans, schedules) mapped straight onto records with kebab-case
 * keys; every mistake is one {@link BadInputException} with file and line.
 */
public final class YamlFile {
  private static final ObjectMapper YAML =
      YAMLMapper.builder()
          .propertyNamingStrategy(PropertyNamingStrategies.KEBAB_CASE)
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          // a field a file must not set (a password) is as unknown to it as a typo
          .enable(DeserializationFeature.FAIL_ON_IGNORED_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
          .build();

  private YamlFile() {}

  /** The text of a file; {@code what} names it in the message when it cannot be read. */
  public static String text(Path file, String what) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new BadInputException("cannot read " + what + " " + file + ": " + e.getMessage());
    }
  }

  /** Maps {@code text} onto {@code type}; {@code source} names the file in messages. */
  public static <T> T parse(String text, String source, Class<T> type, String what) {
    try {
      T value = YAML.readValue(text, type);
      if (value == null) {
        throw BadInputException.at(source, 1, "the " + what + " is empty");
      }
      return value;
    } catch (PropertyBindingException e) {
      long at = lineOf(text, e.getPropertyName());
      throw BadInputException.at(
          source,
          at > 0 ? at : line(e.getLocation()),
          "unknown key '"
              + e.getPropertyName()
              + "' (known: "
              + e.getKnownPropertyIds().stream()
                  .map(String::valueOf)
                  .filter(known -> !known.equals(e.getPropertyName()))
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

  /** The line of the first {@code key:} in the text (snake_case accepted too), or 0. */
  public static long lineOf(String text, String key) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String t = lines[i].trim();
      if (t.startsWith("- ")) {
        t = t.substring(2).trim();
      }
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
