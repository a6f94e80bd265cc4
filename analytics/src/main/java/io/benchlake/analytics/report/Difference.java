package io.benchlake.analytics.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Something that differs between the compared datasets besides the server version: a host property
 * (section "System") or a server setting (section "cnf" or "variable"), each dataset's value in
 * column order (null where a dataset has none).
 */
public record Difference(String section, String name, Map<String, String> values) {
  public Difference {
    values = new LinkedHashMap<>(values);
  }
}
