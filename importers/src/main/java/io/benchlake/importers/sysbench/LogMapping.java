package io.benchlake.importers.sysbench;

import io.benchlake.home.BadInputException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks what a sysbench import's paths say of each log against the log itself: a {@code {threads}}
 * of the layout must be the log's own {@code Number of threads:}, and no two logs may be the same
 * iteration of the same thread count of one run (one would silently replace the other).
 */
final class LogMapping {
  private static final Pattern THREADS_HEADER = Pattern.compile("^Number of threads: ([0-9]+)$");

  /** One iteration at one thread count of one run: where a single log belongs. */
  private record Slot(SysbenchRunKey run, int threads, int iteration) {}

  /** Each slot → the log first mapped there. */
  private final Map<Slot, Path> seen = new HashMap<>();

  /**
   * Why {@code log}, read from {@code file} as part of {@code run} with the layout's thread count
   * (null: none) and iteration (null: numbered in order), cannot be imported, if it cannot.
   */
  Optional<BadInputException> problem(
      SysbenchRunKey run, Path file, Integer layoutThreads, Integer iteration, SysbenchLog log) {
    if (layoutThreads != null) {
      List<String> lines = log.file().lines();
      for (int i = 0; i < lines.size(); i++) {
        Matcher m = THREADS_HEADER.matcher(lines.get(i));
        if (m.matches() && Integer.parseInt(m.group(1)) != layoutThreads) {
          return Optional.of(
              log.file()
                  .error(
                      i,
                      "the log says '"
                          + lines.get(i)
                          + "' but its path gives {threads} "
                          + layoutThreads
                          + " (check --layout)"));
        }
      }
    }
    if (iteration == null) {
      return Optional.empty();
    }
    Slot key = new Slot(run, log.threads(), iteration);
    Path first = seen.putIfAbsent(key, file);
    if (first != null) {
      return Optional.of(
          new BadInputException(
              file
                  + " and "
                  + first
                  + " are both iteration "
                  + iteration
                  + " at "
                  + log.threads()
                  + " threads of "
                  + run.dataset()
                  + " / "
                  + run.test()
                  + " (check --layout, --iteration or the sidecars)"));
    }
    return Optional.empty();
  }

  /**
   * Why {@code log} contradicts the thread count the user gave ({@code --threads}), if it does: its
   * path's {@code {threads}} says another, or an interval line shows more threads running. (A
   * {@code Number of threads:} header that says another is refused where the log is read, naming
   * its generation: SysbenchLogs.)
   */
  static Optional<BadInputException> contradiction(
      Path file, Optional<Integer> given, Integer layoutThreads, SysbenchLog log) {
    if (given.isEmpty()) {
      return Optional.empty();
    }
    int n = given.get();
    if (layoutThreads != null && layoutThreads != n) {
      return Optional.of(
          new BadInputException(
              file + ": its path gives {threads} " + layoutThreads + " but --threads " + n));
    }
    // an interval shows the threads running, at most the configured count
    return log.intervals().stream()
        .filter(in -> in.threads() > n)
        .findFirst()
        .map(
            in ->
                log.file()
                    .error(
                        in.line() - 1,
                        "the interval line shows "
                            + in.threads()
                            + " threads running but --threads "
                            + n));
  }

  /** A layout's {@code {threads}} field as a number. */
  static Integer threads(Path file, String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new BadInputException(file + ": {threads} '" + text + "' is not a whole number");
    }
  }
}
