package io.benchlake.home;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The line each key and list element of a YAML text starts on, taken from the parser's token
 * locations: a key that appears in several places (under two datasets) is told apart by its path,
 * which a search of the text cannot do.
 */
public final class YamlLines {
  private final Map<String, Long> lines;

  private YamlLines(Map<String, Long> lines) {
    this.lines = lines;
  }

  /** Reads {@code text} once more; as much of it as parses when it is not valid YAML. */
  static YamlLines of(JsonFactory yaml, String text) {
    Map<String, Long> lines = new HashMap<>();
    try (JsonParser p = yaml.createParser(text)) {
      while (p.nextToken() != null) {
        // a key's path is set at its name, so a value on the key's line keeps the key's line
        lines.putIfAbsent(
            p.getParsingContext().pathAsPointer().toString(),
            (long) p.currentTokenLocation().getLineNr());
      }
    } catch (JsonProcessingException e) {
      // the error that brought the caller here is reported; what came before it has its lines
    } catch (IOException e) {
      throw new IllegalStateException("reading a string cannot fail", e);
    }
    return new YamlLines(lines);
  }

  /** The line of the key at the end of {@code keys} (options, rand-type), or 0 when absent. */
  public long line(List<String> keys) {
    JsonPointer path = JsonPointer.empty();
    for (String key : keys) {
      path = path.appendProperty(key);
    }
    return line(path);
  }

  private long line(JsonPointer path) {
    return lines.getOrDefault(path.toString(), 0L);
  }

  /** The line of the value a mapping error names by its path, or 0 when the text has no such. */
  long line(JsonMappingException e) {
    JsonPointer path = JsonPointer.empty();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        path = path.appendProperty(r.getFieldName());
      } else if (r.getIndex() >= 0) {
        path = path.appendIndex(r.getIndex());
      }
    }
    return line(path);
  }
}
