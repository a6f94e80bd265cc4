package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A --layout such as {@code {dataset}/{test}/{threads}/{iteration}.log}: fields read from a path.
 * Fields are typed, so {@code {test}_{threads}threads.log} reads {@code
 * oltp_point_select_128threads.log}: {@code {threads}} and {@code {iteration}} are digits, {@code
 * {date}} a date (yyyy-mm-dd, optionally a time after it), the others text within one directory. A
 * path that still splits two ways is refused naming both, never read one way by chance. A {@code *}
 * matches any part of one name ({@code {testbed}/{dataset}/*.log}).
 */
public final class PathLayout {
  /**
   * Each field and what it matches (within one path segment); {@code %s} after each quantifier is
   * where the shortest reading makes it lazy.
   */
  private static final Map<String, String> FIELDS = fields();

  private static final Pattern FIELD = Pattern.compile("\\{([a-z]+)\\}");
  private final String layout;
  private final Pattern shortest;
  private final Pattern longest;
  private final List<String> names;

  private static Map<String, String> fields() {
    Map<String, String> f = new LinkedHashMap<>();
    f.put("dataset", "[^/]+%1$s");
    f.put("test", "[^/]+%1$s");
    f.put("threads", "[0-9]+%1$s");
    f.put("iteration", "[0-9]+%1$s");
    f.put("date", "[0-9]{4}-[0-9]{2}-[0-9]{2}(?:T[^/]+%1$s)?%1$s");
    f.put("testbed", "[^/]+%1$s");
    return f;
  }

  public PathLayout(String layout) {
    this.layout = layout;
    StringBuilder lazy = new StringBuilder();
    StringBuilder greedy = new StringBuilder();
    Matcher m = FIELD.matcher(layout);
    int last = 0;
    List<String> found = new ArrayList<>();
    while (m.find()) {
      String name = m.group(1);
      if (!FIELDS.containsKey(name) || found.contains(name)) {
        throw new BadInputException(
            "--layout: unknown or repeated field {"
                + name
                + "} (known: "
                + String.join(", ", FIELDS.keySet())
                + ")");
      }
      found.add(name);
      String between = literal(layout.substring(last, m.start()));
      String group = "(?<" + name + ">" + FIELDS.get(name) + ")";
      lazy.append(between).append(String.format(group, "?"));
      greedy.append(between).append(String.format(group, ""));
      last = m.end();
    }
    lazy.append(literal(layout.substring(last)));
    greedy.append(literal(layout.substring(last)));
    this.shortest = Pattern.compile(lazy.toString());
    this.longest = Pattern.compile(greedy.toString());
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

  /** The layout as given. */
  public String text() {
    return layout;
  }

  /** The fields the layout names, in its order. */
  public List<String> names() {
    return names;
  }

  /**
   * The fields of a path relative to the import root, if it matches the layout; a path the layout
   * splits two ways is refused naming both.
   */
  public Optional<Map<String, String>> fields(String relativePath) {
    String path = relativePath.replace('\\', '/');
    Matcher first = shortest.matcher(path);
    if (!first.matches()) {
      return Optional.empty();
    }
    Map<String, String> one = groups(first);
    Matcher last = longest.matcher(path);
    if (last.matches() && !groups(last).equals(one)) {
      throw new BadInputException(
          path
              + ": --layout '"
              + layout
              + "' splits it two ways, "
              + shown(one)
              + " or "
              + shown(groups(last))
              + ": put a separator between the fields that no value holds");
    }
    return Optional.of(one);
  }

  private Map<String, String> groups(Matcher m) {
    Map<String, String> out = new LinkedHashMap<>();
    names.forEach(n -> out.put(n, m.group(n)));
    return out;
  }

  private static String shown(Map<String, String> fields) {
    return fields.entrySet().stream()
        .map(e -> "{" + e.getKey() + "}=" + e.getValue())
        .collect(Collectors.joining(" "));
  }
}
