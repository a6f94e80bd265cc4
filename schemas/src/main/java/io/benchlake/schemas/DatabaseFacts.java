package io.benchlake.schemas;

import java.util.Map;
import java.util.TreeMap;

/** The server under test, its configuration (secrets redacted) and all its global variables. */
public record DatabaseFacts(
    String maker,
    String version,
    String engine,
    String installDir,
    String configOrigin,
    String configFile,
    String configRunFile,
    String configContents,
    Map<String, String> variables) {
  public DatabaseFacts {
    variables = variables == null ? Map.of() : new TreeMap<>(variables);
  }
}
