package io.benchlake.importers.sysbench;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A generation of sysbench's console output: each printed its interval lines and its summary its
 * own way (docs/import.md, sysbench). Told by the banner ({@code sysbench 0.5: multi-threaded…},
 * {@code sysbench 1.1.0-ead2689 (using bundled LuaJIT …)}) or, in an excerpt without one, by the
 * blocks it prints.
 */
public enum SysbenchGeneration {
  /** 0.4.x: {@code OLTP test statistics:}, {@code Test execution summary:}, deadlocks. */
  V0_4("sysbench 0.4"),
  /** 0.5: {@code OLTP test statistics:} and {@code General statistics:} with response times. */
  V0_5("sysbench 0.5"),
  /** 1.0.x: {@code SQL statistics:}, {@code General statistics:}, {@code Latency (ms):}. */
  V1_0("sysbench 1.0"),
  /** 1.1.x: {@code Throughput:} instead of {@code General statistics:}. */
  V1_1("sysbench 1.1");

  private static final Pattern BANNER =
      Pattern.compile(
          "^sysbench ([0-9]+)\\.([0-9]+)((?:\\.[0-9]+)?(?:[-+~][0-9A-Za-z.+~-]*)?)(?::| |$).*");

  private final String label;

  SysbenchGeneration(String label) {
    this.label = label;
  }

  /** How the generation is named to users and on the run: {@code sysbench 0.5}. */
  public String label() {
    return label;
  }

  /** The version a banner line names ({@code 1.0.20}, {@code 0.4.12}), if the line is one. */
  static Optional<String> bannerVersion(String line) {
    Matcher m = BANNER.matcher(line.strip());
    return m.matches() ? Optional.of(m.group(1) + "." + m.group(2) + m.group(3)) : Optional.empty();
  }

  /** The generation of a version ({@code 0.4.12} → 0.4; 1.1 and later 1.x → 1.1). */
  static Optional<SysbenchGeneration> ofVersion(String version) {
    String[] parts = version.split("[.\\-+~]");
    int major = Integer.parseInt(parts[0]);
    int minor = Integer.parseInt(parts[1]);
    if (major == 0 && minor <= 4) {
      return Optional.of(V0_4);
    }
    if (major == 0) {
      return Optional.of(V0_5);
    }
    if (major == 1 && minor == 0) {
      return Optional.of(V1_0);
    }
    return major == 1 ? Optional.of(V1_1) : Optional.empty();
  }

  @Override
  public String toString() {
    return label;
  }
}
