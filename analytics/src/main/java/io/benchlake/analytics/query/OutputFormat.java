package io.benchlake.analytics.query;

import io.benchlake.home.BadInputException;
import java.util.Locale;

/** The output formats of query-like verbs (docs/architecture.md, Output formats). */
public enum OutputFormat {
  TABLE,
  TEXT,
  CSV,
  JSON,
  MD,
  HTML;

  public static OutputFormat parse(String value) {
    try {
      return valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new BadInputException(
          "unknown format '" + value + "' (expected table, text, csv, json, md or html)");
    }
  }
}
