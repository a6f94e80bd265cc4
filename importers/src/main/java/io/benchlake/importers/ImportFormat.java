package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.util.Arrays;
import java.util.stream.Collectors;

/** The formats {@code benchlake import} reads. */
public enum ImportFormat {
  SYSBENCH("sysbench"),
  HAMMERDB("hammerdb"),
  TAF_REPORT("taf-report"),
  EVENTS("events");

  private final String cliName;

  ImportFormat(String cliName) {
    this.cliName = cliName;
  }

  public String cliName() {
    return cliName;
  }

  public static ImportFormat parse(String name) {
    return Arrays.stream(values())
        .filter(f -> f.cliName.equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new BadInputException(
                    "unknown import format '"
                        + name
                        + "' (known: "
                        + Arrays.stream(values())
                            .map(ImportFormat::cliName)
                            .collect(Collectors.joining(", "))
                        + ")"));
  }
}
