package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchLines.REPEATED;
import static io.benchlake.importers.sysbench.SysbenchLines.THREADS;
import static io.benchlake.importers.sysbench.SysbenchLines.d;
import static io.benchlake.importers.sysbench.SysbenchLines.summaryLine;
import static io.benchlake.importers.sysbench.SysbenchLines.threads;
import static io.benchlake.importers.sysbench.SysbenchLines.torn;

import io.benchlake.importers.PlausibleValues;
import io.benchlake.importers.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the console output of sysbench 0.4.x and 0.5 (its C reports, {@code sb_logger.c} and the
 * OLTP test's or DB driver's {@code print_stats}): interval lines {@code [ 10s] threads: 8, tps: …,
 * reads/s: …, writes/s: …, response time: …ms (95%)} (later 0.5: {@code reads: … writes: …} and
 * {@code errors: …, reconnects: …}), then {@code OLTP test statistics:}, {@code Test execution
 * summary:} (0.4) or {@code General statistics:} (0.5), and {@code Threads fairness:}.
 */
final class Sysbench05LogParser {
  private static final String NUM = "([0-9]+(?:\\.[0-9]+)?)";

  /** Both 0.5 shapes and 0.4's (which has no comma before "response time"). */
  private static final Pattern INTERVAL =
      Pattern.compile(
          "^\\[ *([0-9]+)s\\] threads: ([0-9]+), tps: "
              + NUM
              + ", reads(?:/s)?: "
              + NUM
              + ", writes(?:/s)?: "
              + NUM
              + ",? response time: "
              + NUM
              + "ms \\(([0-9]+)%\\)(?:, errors: "
              + NUM
              + ", reconnects: +"
              + NUM
              + ")?$");

  private static final Pattern INTERVAL_START = Pattern.compile("^\\[ *[0-9]+s\\] .*");
  private static final Pattern QUEUE = Pattern.compile("^\\[ *[0-9]+s\\] queue length: .*");
  private static final Pattern REPORT =
      Pattern.compile("^Report intermediate results every ([0-9]+) second\\(s\\)$");
  private static final String INTERVAL_SHAPE =
      "'[  Ns] threads: N, tps: X, reads: X, writes: X, response time: Xms (P%)'"
          + " (with ', errors: X, reconnects: X' from late 0.5)";

  private Sysbench05LogParser() {}

  /**
   * Reads a 0.4 or 0.5 log; {@code threadsGiven} (--threads) stands in for the header an excerpt
   * lacks and must agree with one it has.
   */
  static SysbenchLog parse(
      SourceFile f,
      SysbenchGeneration generation,
      Optional<String> version,
      ThreadsGiven threadsGiven) {
    String name = generation.label();
    List<String> lines = f.lines();
    Integer threads = null;
    int threadsLine = -1;
    Double reportInterval = null;
    List<SysbenchLog.Interval> intervals = new ArrayList<>();
    List<String> fatal = new ArrayList<>();
    SysbenchSummaryLines summary = new SysbenchSummaryLines(f, name + " summary");
    boolean inSummary = false;
    boolean started = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String strip = line.strip();
      boolean last = i == lines.size() - 1 && !f.endsWithNewline();
      if (line.startsWith("FATAL: ")) {
        fatal.add(line.substring("FATAL: ".length()));
        continue;
      }
      if (strip.isEmpty()
          || REPEATED.matcher(strip).matches()
          || line.startsWith("ALERT: ")
          || line.startsWith("WARNING: ")) {
        continue;
      }
      Matcher m;
      if (!started && !inSummary) {
        if ((m = THREADS.matcher(strip)).matches()) {
          threads = Integer.parseInt(m.group(1));
          threadsLine = i;
          continue;
        }
        if ((m = REPORT.matcher(strip)).matches()) {
          reportInterval = Double.parseDouble(m.group(1));
          continue;
        }
        if (strip.equals("Threads started!")) {
          started = true;
          continue;
        }
        if (!INTERVAL_START.matcher(line).matches() && !isHeading(strip)) {
          continue; // the header's free text: options, random numbers, "Doing OLTP test."
        }
        started = true;
      }
      if (isHeading(strip)) {
        inSummary = true;
        continue;
      }
      if (!inSummary) {
        if ((m = INTERVAL.matcher(line)).matches()) {
          intervals.add(interval(f, i, m, name));
        } else if (QUEUE.matcher(line).matches()
            || strip.equals("Time limit exceeded, exiting...")
            || strip.equals("Done.")) {
          continue;
        } else if (INTERVAL_START.matcher(line).matches()) {
          throw f.error(i, torn(last, line, name + " interval line", "expected " + INTERVAL_SHAPE));
        } else {
          throw f.error(
              i,
              torn(
                  last,
                  line,
                  name + " log",
                  "expected an interval line, 'Time limit exceeded, exiting...',"
                      + " 'Done.' or 'OLTP test statistics:'"));
        }
        continue;
      }
      if (strip.equals("queries performed:")
          || strip.equals("per-request statistics:")
          || strip.equals("response time:")
          || strip.startsWith("Number of unfinished transactions on forced shutdown:")) {
        continue;
      }
      summaryLine(f, i, line, last, name, summary);
    }
    int threadCount = threads(f, threads, threadsLine, threadsGiven, intervals, inSummary, name);
    Optional<SysbenchLog.Summary> read =
        inSummary ? Optional.of(summary(summary)) : Optional.empty();
    if (!started && !inSummary && fatal.isEmpty()) {
      throw f.error(0, "not a " + name + " log: no interval lines, summary or FATAL lines");
    }
    return new SysbenchLog(
        f,
        threadCount,
        reportInterval,
        intervals,
        read,
        fatal,
        List.of(),
        Optional.of(generation),
        version);
  }

  private static boolean isHeading(String strip) {
    return strip.equals("OLTP test statistics:")
        || strip.equals("Test execution summary:")
        || strip.equals("General statistics:")
        || strip.equals("Threads fairness:");
  }

  private static SysbenchLog.Interval interval(SourceFile f, int i, Matcher m, String name) {
    double reads = d(m, 4);
    double writes = d(m, 5);
    SysbenchLog.Interval in =
        new SysbenchLog.Interval(
            i + 1,
            d(m, 1),
            Integer.parseInt(m.group(2)),
            d(m, 3),
            Math.round((reads + writes) * 100) / 100.0,
            reads,
            writes,
            null,
            d(m, 7),
            d(m, 6),
            m.group(8) == null ? 0 : d(m, 8),
            m.group(9) == null ? 0 : d(m, 9));
    Optional<String> problem =
        PlausibleValues.ofDuration("offset", in.offsetS())
            .or(() -> PlausibleValues.ofRate("tps", in.tps()))
            .or(() -> PlausibleValues.ofRate("reads per second", in.reads()))
            .or(() -> PlausibleValues.ofRate("writes per second", in.writes()))
            .or(() -> PlausibleValues.ofPercent("response time percentile", in.percentile()))
            .or(() -> PlausibleValues.ofLatency("response time", in.latencyMs()))
            .or(() -> PlausibleValues.ofRate("errors", in.errorsPs()))
            .or(() -> PlausibleValues.ofRate("reconnects", in.reconnectsPs()));
    if (problem.isPresent()) {
      throw f.error(i, name + " interval line: " + problem.get());
    }
    return in;
  }

  private static SysbenchLog.Summary summary(SysbenchSummaryLines s) {
    SysbenchLog.CountRate tx = s.countRate("transactions");
    SysbenchLog.CountRate rw = s.countRate("read/write requests");
    SysbenchLog.CountRate other = s.countRate("other operations");
    Optional<SysbenchLog.CountRate> deadlocks = s.optionalCountRate("deadlocks");
    Optional<SysbenchLog.CountRate> ignored = s.optionalCountRate("ignored errors");
    Optional<SysbenchLog.CountRate> reconnects = s.optionalCountRate("reconnects");
    return new SysbenchLog.Summary(
        s.count("read"),
        s.count("write"),
        s.count("other"),
        s.count("total"),
        tx.count(),
        tx.perSecond(),
        // both printed at 2 decimals: their sum is too, without the binary sum's noise
        Math.round((rw.perSecond() + other.perSecond()) * 100) / 100.0,
        ignored.map(SysbenchLog.CountRate::count).orElse(null),
        reconnects.map(SysbenchLog.CountRate::count).orElse(null),
        deadlocks.map(SysbenchLog.CountRate::count).orElse(null),
        s.seconds("total time"),
        s.count("total number of events"),
        s.millis("min"),
        s.millis("avg"),
        s.millis("max"),
        s.percentiles(),
        s.seconds("total time taken by event execution") * 1000);
  }
}
