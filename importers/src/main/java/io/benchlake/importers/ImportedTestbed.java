package io.benchlake.importers;

import java.util.Locale;
import java.util.Optional;

/**
 * The testbed of an imported run (docs/architecture.md, Identity): the machine the results were
 * measured on, as the user names it ({@code --testbed}, a sidecar's {@code testbed}, a layout's
 * {@code {testbed}}), else as a report's System Info names it (its Host, else its CPU and CPU
 * count); null when nothing names it.
 */
public final class ImportedTestbed {
  private ImportedTestbed() {}

  public static String of(Optional<String> given, String host, String cpu, String cpuCount) {
    if (given.isPresent() && !given.get().isBlank()) {
      return given.get().strip();
    }
    if (named(host)) {
      return host.strip();
    }
    if (named(cpu)) {
      return cpu.strip() + (named(cpuCount) ? " x " + cpuCount.strip() : "");
    }
    return null;
  }

  private static boolean named(String text) {
    return text != null
        && !text.isBlank()
        && !text.strip().toLowerCase(Locale.ROOT).equals("unknown");
  }
}
