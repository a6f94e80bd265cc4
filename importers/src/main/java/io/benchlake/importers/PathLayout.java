package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A --layout such as {@code {dataset}/{test}/{threads}/{iteration}.log}: fields read from a path; a
 * {@code *} matches any part of one name ({@code {testbed}/{dataset}/*.log}).
 */
public final class PathLayout {
  private static final List<String> FIELDS =
      List.of("dataset", "test", "threads", "iteration", "date", "testbed");
  private static final Pattern FIELD = Pattern.compile("\\{([a-z]+)\\}");
  private final Pattern pattern;
  private final List<String> names;

  public PathLayout(String layout) {
    StringBuilder regex = new StringBuilder();
    Matcher m = FIELD.matcher(layout);
    int last = 0;
    List<String> found = new java.util.ArrayList<>();
    while (m.find()) {
      String name = m.group(1);
      if (!FIELDS.contains(name) || found.contains(name)) {
        throw new BadInputException(
            "--layout: unknown or repeated field {"
                + name
                + "} (known: "
                + String.join(", ", FIELDS)
                + ")");
      }
      found.add(name);
      regex.append(literal(layout.substring(last, m.start())));
      regex.append("(?<").append(name).append(">[^/]+?)");
      last = m.end();
    }
    regex.append(literal(layout.substring(last)));
    this.pattern = Pattern.compile(regex.toString());
    this.names = List.copyOf(found);
  }

  /** Text of the layout between fields: matched as written, but a {@code *} for any name part. */
  private static String literal(String text) {
    StringBuilder out = new StringBuilder();
    String[] parts = text.split("\\*", -1);
    for (int i = 0; i < parts.length; i++) {
      if (i > 0) {
        out.append("[^/]*");
      }
      if (!parts[i].isEmpty()) {
        out.append(Pattern.quote(parts[i]));
      }
    }
    return out.toString();
  }

  /** The fields of a path relative to the import root, if it matches the layout. */
  public Optional<Map<String, String>> fields(String relativePath) {
    Matcher m = pattern.matcher(relativePath.replace('\\', '/'));
    if (!m.matches()) {
      return Optional.empty();
    }
    Map<String, String> out = new LinkedHashMap<>();
    names.forEach(n -> out.put(n, m.group(n)));
    return Optional.of(out);
  }
}
