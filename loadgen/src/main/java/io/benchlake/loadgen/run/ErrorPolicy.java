package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.InvalidOption;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * sysbench's --mysql-ignore-errors: the server error codes after which a transaction is rolled back
 * and retried (counted as errors) instead of ending the run; "all" ignores every error.
 */
public record ErrorPolicy(Set<Integer> codes, boolean all) {
  /** sysbench 1.0's default: deadlock, record changed, lock wait timeout. */
  public static final String DEFAULT = "1213,1020,1205";

  public ErrorPolicy {
    codes = Set.copyOf(codes);
  }

  public static ErrorPolicy defaults() {
    return parse(DEFAULT);
  }

  /** A comma-separated list of error codes, "all", or "none". */
  public static ErrorPolicy parse(String text) {
    String t = text.trim();
    if (t.equalsIgnoreCase("all")) {
      return new ErrorPolicy(Set.of(), true);
    }
    if (t.isEmpty() || t.equalsIgnoreCase("none")) {
      return new ErrorPolicy(Set.of(), false);
    }
    Set<Integer> codes = new TreeSet<>();
    for (String part : t.split(",")) {
      try {
        codes.add(Integer.parseInt(part.trim()));
      } catch (NumberFormatException e) {
        throw new InvalidOption(
            "mysql-ignore-errors", "expects error codes, 'all' or 'none', was '" + text + "'");
      }
    }
    return new ErrorPolicy(codes, false);
  }

  public boolean ignores(int errorCode) {
    return all || codes.contains(errorCode);
  }

  @Override
  public String toString() {
    return all
        ? "all"
        : codes.isEmpty()
            ? "none"
            : new TreeSet<>(codes).stream().map(String::valueOf).collect(Collectors.joining(","));
  }
}
