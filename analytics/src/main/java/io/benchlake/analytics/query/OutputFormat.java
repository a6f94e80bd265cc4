package io.benchlake.analytics.query;

import java.util.Arrays;
import java.util.Optional;

/** The output formats of query-like verbs (docs/architecture.md, Output formats). */
public enum OutputFormat {
  TABLE,
  TEXT,
  CSV,
  JSON,
  MD,
  HTML;

  /** The format {@code value} names, in any case; empty for a name no format has. */
  public static Optional<OutputFormat> named(String value) {
    String name = value == null ? "" : value.trim();
    return Arrays.stream(values()).filter(f -> f.name().equalsIgnoreCase(name)).findFirst();
  }
}
