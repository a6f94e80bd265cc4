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

  /**
   * Maps {@code text} onto {@code type}; {@code source} names the file in messages, whose line is
   * that of the key or list element the mistake is in.
   */
  public static <T> T parse(String text, String source, Class<T> type, String what) {
    try {
      T value = YAML.readValue(text, type);
      if (value == null) {
        throw BadInputException.at(source, 1, "the " + what + " is empty");
      }
      return value;
    } catch (PropertyBindingException e) {
      throw BadInputException.at(
          source,
          line(text, e),
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
      if (e.getCause() instanceof JsonProcessingException syntax
          && !(syntax instanceof JsonMappingException)) {
        throw notYaml(source, syntax); // met while mapping a key: the syntax is what is wrong
      }
      Throwable cause = e.getCause();
      String why =
          cause instanceof IllegalArgumentException ? cause.getMessage() : e.getOriginalMessage();
      throw BadInputException.at(source, line(text, e), firstLine(why) + path(e));
    } catch (JsonProcessingException e) {
      throw notYaml(source, e);
    }
  }

  /**
   * Text the parser cannot read, at the line it stopped on. The YAML parser's message says what it
   * was reading and what it found, each followed by indented lines showing where.
   */
  private static BadInputException notYaml(String source, JsonProcessingException e) {
    String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
    String said =
        message
            .lines()
            .filter(l -> !l.isBlank() && !Character.isWhitespace(l.charAt(0)))
            .collect(Collectors.joining(": "));
    return BadInputException.at(source, line(e.getLocation()), "not valid YAML: " + said);
  }

  /** Where each key and list element of {@code text} starts, for mistakes found after mapping. */
  public static YamlLines lines(String text) {
    return YamlLines.of(YAML.getFactory(), text);
  }

  /** The line of the key or element the error's path ends at, else where the parser stood. */
  private static long line(String text, JsonMappingException e) {
    long at = lines(text).line(e);
    return at > 0 ? at : line(e.getLocation());
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
