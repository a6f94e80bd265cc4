package io.benchlake.analytics.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A per-dataset property table (System, Database or Test Info): the open set of property names, in
 * the order they were first given, and each dataset's values.
 */
public record PropertyTable(List<String> names, Map<String, Map<String, String>> values) {

  public PropertyTable {
    names = List.copyOf(names);
    Map<String, Map<String, String>> copy = new LinkedHashMap<>();
    values.forEach((dataset, props) -> copy.put(dataset, new LinkedHashMap<>(props)));
    values = copy;
  }

  public String value(String dataset, String name) {
    return values.getOrDefault(dataset, Map.of()).get(name);
  }

  /** Collects values dataset by dataset, keeping the order names first appear in. */
  public static final class Builder {
    private final List<String> names = new ArrayList<>();
    private final Map<String, Map<String, String>> values = new LinkedHashMap<>();

    public Builder put(String dataset, String name, Object value) {
      if (value == null || String.valueOf(value).isBlank()) {
        return this;
      }
      if (!names.contains(name)) {
        names.add(name);
      }
      values.computeIfAbsent(dataset, d -> new LinkedHashMap<>()).put(name, String.valueOf(value));
      return this;
    }

    public PropertyTable build() {
      return new PropertyTable(names, values);
    }
  }
}
