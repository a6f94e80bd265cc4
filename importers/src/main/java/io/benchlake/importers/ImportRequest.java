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
 * on ({@code --testbed}).
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
    Optional<String> testbed) {
  public ImportRequest {
    paths = List.copyOf(paths);
  }

  /** A --timezone value: a region or an offset; abbreviations are refused (BST is not Dhaka). */
  public static ZoneId zone(String text) {
    return ZoneAbbreviations.parseOption(text);
  }
}
