package io.benchlake.importers.sysbench;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Recognises a sysbench log's generation from its lines and reads it with that generation's parser.
 * A log the sysbench 1.0 reading has always accepted is read by it unchanged ({@link
 * SysbenchLogParser}: no new metric, no generation recorded), so its runs keep their ids and
 * values; every other generation and shape goes to its own parser, which records the generation.
 */
public final class SysbenchLogs {
  private static final Pattern LEGACY_INTERVAL = Pattern.compile("^\\[ *[0-9]+s\\] threads: .*");
  private static final Pattern INTERVAL = Pattern.compile("^\\[ [0-9.]+s \\] thds: .*");
  private static final Pattern COLONLESS = Pattern.compile(".* err/s [0-9].*");
  private static final Pattern THREADS = Pattern.compile("^Number of threads: [0-9]+$");

  private SysbenchLogs() {}

  /**
   * What the lines show: the generation (banner first, else the blocks printed), the banner's
   * version, whether anything sysbench prints was seen, and whether the 1.0 reading takes it.
   */
  record Shape(
      SysbenchGeneration generation,
      Optional<String> version,
      boolean recognised,
      boolean firstReading) {}

  /**
   * Reads one log; {@code threadsGiven} (--threads or the layout's {threads}, null if neither)
   * gives the thread count of a log without its header, and must agree with a header.
   */
  public static SysbenchLog read(SourceFile f, ThreadsGiven threadsGiven) {
    Shape shape = shape(f.lines());
    return switch (shape.generation()) {
      case V0_4, V0_5 ->
          Sysbench05LogParser.parse(f, shape.generation(), shape.version(), threadsGiven);
      case V1_0, V1_1 ->
          shape.firstReading()
              ? firstReading(f, shape, threadsGiven)
              : Sysbench11LogParser.parse(f, shape.generation(), shape.version(), threadsGiven);
    };
  }

  static Shape shape(List<String> lines) {
    Optional<String> version = Optional.empty();
    boolean legacy = false;
    boolean testExecution = false;
    boolean throughput = false;
    boolean colonless = false;
    boolean header = false;
    boolean interval = false;
    boolean summary = false;
    boolean fatal = false;
    int percentiles = 0;
    for (String line : lines) {
      String strip = line.strip();
      if (version.isEmpty()) {
        version = SysbenchGeneration.bannerVersion(strip);
      }
      if (LEGACY_INTERVAL.matcher(line).matches()
          || strip.equals("OLTP test statistics:")
          || strip.equals("Test execution summary:")) {
        legacy = true;
        testExecution |= strip.equals("Test execution summary:");
      } else if (INTERVAL.matcher(line).matches()) {
        interval = true;
        colonless |= COLONLESS.matcher(line).matches();
      } else if (strip.equals("Throughput:")) {
        throughput = true;
        summary = true;
      } else if (strip.equals("SQL statistics:") || strip.equals("General statistics:")) {
        summary = true;
      } else if (THREADS.matcher(strip).matches()) {
        header = true;
      } else if (line.startsWith("FATAL: ")) {
        fatal = true;
      } else if (line.startsWith(" ") && line.contains(":")) {
        String name = strip.substring(0, strip.indexOf(':'));
        percentiles += SysbenchSummaryLines.isPercentile(name) ? 1 : 0;
      }
    }
    SysbenchGeneration generation =
        version
            .flatMap(SysbenchGeneration::ofVersion)
            .orElse(
                legacy
                    ? (testExecution ? SysbenchGeneration.V0_4 : SysbenchGeneration.V0_5)
                    : throughput || colonless ? SysbenchGeneration.V1_1 : SysbenchGeneration.V1_0);
    boolean excerpt = !header && !interval && summary;
    boolean first = !legacy && !throughput && !colonless && percentiles <= 1 && !excerpt;
    boolean recognised = version.isPresent() || legacy || header || interval || summary || fatal;
    return new Shape(generation, version, recognised, first);
  }

  /**
   * The 1.0 reading, as it has always read: its refusals name the generation when the log was
   * recognised as sysbench's, and --threads must agree with the log.
   */
  private static SysbenchLog firstReading(SourceFile f, Shape shape, ThreadsGiven threadsGiven) {
    SysbenchLog log;
    try {
      log = SysbenchLogParser.parse(f);
    } catch (BadInputException e) {
      throw shape.recognised() ? named(f, e, shape.generation()) : e;
    }
    if (threadsGiven == null
        || threadsGiven.count() == log.threads()
        || threadsGiven.fromLayout()) {
      return log; // a layout's {threads} is checked against the header by LogMapping, as always
    }
    List<String> lines = f.lines();
    for (int i = 0; i < lines.size(); i++) {
      if (THREADS.matcher(lines.get(i).strip()).matches()) {
        throw f.error(i, threadsGiven.contradicts(shape.generation().label(), log.threads()));
      }
    }
    // no header: the live thread counts of the intervals are at most the configured one
    return new SysbenchLog(
        f,
        threadsGiven.count(),
        log.reportIntervalS(),
        log.intervals(),
        log.summary(),
        log.fatal(),
        log.histogram());
  }

  /** {@code file:line: what} as {@code file:line: sysbench 1.0 log: what}. */
  private static BadInputException named(
      SourceFile f, BadInputException e, SysbenchGeneration generation) {
    String message = e.getMessage();
    String prefix = f.name() + ":";
    int at = message.startsWith(prefix) ? message.indexOf(": ", prefix.length()) : -1;
    if (at < 0) {
      return e;
    }
    return new BadInputException(
        message.substring(0, at + 2) + generation.label() + " log: " + message.substring(at + 2));
  }
}
