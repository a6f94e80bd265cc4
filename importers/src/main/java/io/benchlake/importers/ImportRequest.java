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

  /**
   * A request for {@code paths} read as {@code format}, with nothing else given (host {@code
   * unknown}, as {@code import} without {@code --host}); the builder sets the facts by name.
   */
  public static Builder builder(FormatImporter format, List<Path> paths) {
    return new Builder(format, paths);
  }

  /**
   * Builds an {@link ImportRequest} by name, every fact the user did not give left unsaid (a null
   * given to a setter leaves it unsaid too).
   */
  public static final class Builder {
    private final FormatImporter format;
    private final List<Path> paths;
    private Optional<String> dataset = Optional.empty();
    private Optional<String> test = Optional.empty();
    private Optional<Integer> iteration = Optional.empty();
    private Optional<String> serverVersion = Optional.empty();
    private Optional<Instant> startedAt = Optional.empty();
    private Optional<String> layout = Optional.empty();
    private String host = "unknown";
    private boolean keepGoing;
    private boolean startedAtFromFileTime;
    private Optional<ZoneId> timezone = Optional.empty();
    private boolean repeatsAsIterations;
    private Optional<String> testbed = Optional.empty();
    private Optional<Integer> threads = Optional.empty();
    private Optional<Integer> vus = Optional.empty();

    private Builder(FormatImporter format, List<Path> paths) {
      this.format = format;
      this.paths = paths;
    }

    public Builder dataset(String v) {
      dataset = Optional.ofNullable(v);
      return this;
    }

    public Builder test(String v) {
      test = Optional.ofNullable(v);
      return this;
    }

    public Builder iteration(Integer v) {
      iteration = Optional.ofNullable(v);
      return this;
    }

    public Builder serverVersion(String v) {
      serverVersion = Optional.ofNullable(v);
      return this;
    }

    public Builder startedAt(Instant v) {
      startedAt = Optional.ofNullable(v);
      return this;
    }

    public Builder layout(String v) {
      layout = Optional.ofNullable(v);
      return this;
    }

    public Builder host(String v) {
      host = v;
      return this;
    }

    public Builder keepGoing(boolean v) {
      keepGoing = v;
      return this;
    }

    public Builder startedAtFromFileTime(boolean v) {
      startedAtFromFileTime = v;
      return this;
    }

    public Builder timezone(ZoneId v) {
      timezone = Optional.ofNullable(v);
      return this;
    }

    public Builder repeatsAsIterations(boolean v) {
      repeatsAsIterations = v;
      return this;
    }

    public Builder testbed(String v) {
      testbed = Optional.ofNullable(v);
      return this;
    }

    public Builder threads(Integer v) {
      threads = Optional.ofNullable(v);
      return this;
    }

    public Builder vus(Integer v) {
      vus = Optional.ofNullable(v);
      return this;
    }

    public ImportRequest build() {
      return new ImportRequest(
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
          threads,
          vus);
    }
  }

  /** A --timezone value: a region or an offset; abbreviations are refused (BST is not Dhaka). */
  public static ZoneId zone(String text) {
    return ZoneAbbreviations.parseOption(text);
  }
}
