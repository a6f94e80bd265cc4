package io.benchlake.importers;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;

/**
 * What to import and the facts the files do not carry. {@code startedAtFromFileTime}: the user
 * chose {@code --started-at mtime}; {@code timezone} reads local times whose zone the files leave
 * open; {@code repeatsAsIterations}: a HammerDB VU count seen again in a ladder is its next
 * iteration ({@code --repeats iterations}); {@code testbed}: the machine the results were measured
 * on ({@code --testbed}); {@code threads}, {@code vus}: the thread count (sysbench, {@code
 * --threads}) or active virtual users (HammerDB, {@code --vus}, as {@code vuset vu}) of files that
 * do not say it, checked against those that do.
 */
public record ImportRequest(
    FormatImporter format,
    List<Path> paths,
    Optional<String> dataset,
    Optional<String> test,
    Optional<Integer> iteration,
    Optional<String> serverVersion,
    Optional<Instant> startedAt,
    Optional<String> layout,
    String host,
    boolean keepGoing,
    boolean startedAtFromFileTime,
    Optional<ZoneId> timezone,
    boolean repeatsAsIterations,
    Optional<String> testbed,
    Optional<Integer> threads,
    Optional<Integer> vus) {
  public ImportRequest {
    paths = List.copyOf(paths);
  }

  /** A request that gives no thread or VU count: the files must say them. */
  public ImportRequest(
      FormatImporter format,
      List<Path> paths,
      Optional<String> dataset,
      Optional<String> test,
      Optional<Integer> iteration,
      Optional<String> serverVersion,
      Optional<Instant> startedAt,
      Optional<String> layout,
      String host,
      boolean keepGoing,
      boolean startedAtFromFileTime,
      Optional<ZoneId> timezone,
      boolean repeatsAsIterations,
      Optional<String> testbed) {
    this(
        format,
        paths,
        dataset,
        test,
        iteration,
        serverVersion,
        startedAt,
        layout,
        host,
        keepGoing,
        startedAtFromFileTime,
        timezone,
        repeatsAsIterations,
        testbed,
        Optional.empty(),
        Optional.empty());
  }

  /** A --timezone value: a region or an offset; abbreviations are refused (BST is not Dhaka). */
  public static ZoneId zone(String text) {
    return ZoneAbbreviations.parseOption(text);
  }
}
