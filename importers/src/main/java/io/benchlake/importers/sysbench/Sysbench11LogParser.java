package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchLines.HIST_HEAD;
import static io.benchlake.importers.sysbench.SysbenchLines.REPEATED;
import static io.benchlake.importers.sysbench.SysbenchLines.THREADS;
import static io.benchlake.importers.sysbench.SysbenchLines.d;
import static io.benchlake.importers.sysbench.SysbenchLines.plausible;
import static io.benchlake.importers.sysbench.SysbenchLines.summaryLine;
import static io.benchlake.importers.sysbench.SysbenchLines.threads;
import static io.benchlake.importers.sysbench.SysbenchLines.torn;

import io.benchlake.importers.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the sysbench 1.x outputs the sysbench 1.0 reading ({@link SysbenchLogParser}) does not:
 * 1.1's {@code Throughput:} block (instead of {@code General statistics:}), interval lines whose
 * {@code err/s 0.00} has no colon (1.1, and {@code sysbench.report_default} that Lua scripts such
 * as Percona's tpcc.lua print on 1.0 too), patched builds' several percentiles, and summaries
 * without their header (excerpts, given --threads). The blocks are those of {@code
 * sb_report_cumulative} and the DB driver's {@code SQL statistics:}.
 */
final class Sysbench11LogParser {
  private static final String NUM = "([0-9]+(?:\\.[0-9]+)?)";
  private static final Pattern INTERVAL =
      Pattern.compile(
          "^\\[ "
              + NUM
              + "s \\] thds: ([0-9]+) tps: "
              + NUM
              + " qps: "
              + NUM
              + " \\(r/w/o: "
              + NUM
              + "/"
              + NUM
              + "/"
              + NUM
              + "\\) lat \\(ms,"
              + NUM
              + "%\\): "
              + NUM
              + " err/s:? "
              + NUM
              + " reconn/s: "
              + NUM
              + "$");
  private static final Pattern INTERVAL_START = Pattern.compile("^\\[ [0-9.]+s \\] .*");
  private static final Pattern QUEUE = Pattern.compile("^\\[ [0-9.]+s \\] queue length: .*");
  private static final Pattern REPORT =
      Pattern.compile("^Report intermediate results every " + NUM + " second\\(s\\)$");
  private static final Pattern BUCKET = Pattern.compile("^\\s*" + NUM + " \\|\\**\\s+([0-9]+)$");
  private static final String INTERVAL_SHAPE =
      "'[ Ns ] thds: N tps: X qps: X (r/w/o: X/X/X) lat (ms,P%): X err/s X reconn/s: X'";

  private Sysbench11LogParser() {}

  private enum Section {
    HEADER,
    RUN,
    HISTOGRAM,
    SUMMARY
  }

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
    List<SysbenchLog.Bucket> buckets = new ArrayList<>();
    SysbenchSummaryLines summary = new SysbenchSummaryLines(f, name + " summary");
    Section section = Section.HEADER;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String strip = line.strip();
      boolean last = i == lines.size() - 1 && !f.endsWithNewline();
      if (line.startsWith("FATAL: ")) {
        fatal.add(line.substring("FATAL: ".length()));
        continue;
      }
      if (REPEATED.matcher(strip).matches()) {
        continue;
      }
      Matcher m;
      if (section == Section.HEADER) {
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
          section = Section.RUN;
          continue;
        }
        if (!INTERVAL_START.matcher(line).matches() && !isHeading(strip)) {
          continue; // the header's free text: banner, options, "Initializing worker threads..."
        }
        section = Section.RUN;
      }
      if (isHeading(strip)) {
        section = Section.SUMMARY;
        continue;
      }
      switch (section) {
        case HEADER, RUN -> {
          if (strip.isEmpty() || QUEUE.matcher(line).matches()) {
            continue;
          }
          if ((m = INTERVAL.matcher(line)).matches()) {
            intervals.add(interval(f, i, m, name));
          } else if (strip.equals("Latency histogram (values are in milliseconds)")) {
            section = Section.HISTOGRAM;
          } else if (INTERVAL_START.matcher(line).matches()) {
            throw f.error(
                i, torn(last, line, name + " interval line", "expected " + INTERVAL_SHAPE));
          } else {
            throw f.error(
                i,
                torn(
                    last,
                    line,
                    name + " log",
                    "expected an interval line ([ Ns ] thds: …), FATAL or 'SQL statistics:'"));
          }
        }
        case HISTOGRAM -> {
          if ((m = BUCKET.matcher(line)).matches()) {
            buckets.add(new SysbenchLog.Bucket(d(m, 1), Long.parseLong(m.group(2))));
          } else if (strip.isEmpty()) {
            section = Section.RUN;
          } else if (!HIST_HEAD.matcher(line).matches()) {
            throw f.error(
                i, torn(last, line, name + " histogram", "expected a row (value |*** count)"));
          }
        }
        case SUMMARY -> {
          if (strip.isEmpty()
              || strip.equals("queries performed:")
              || strip.startsWith("Number of unfinished transactions on forced shutdown:")) {
            continue;
          }
          summaryLine(f, i, line, last, name, summary);
        }
      }
    }
    boolean hasSummary = section == Section.SUMMARY;
    if (threads == null && intervals.isEmpty() && !hasSummary && fatal.isEmpty()) {
      throw f.error(0, "not a " + name + " log: no header, interval lines, summary or FATAL lines");
    }
    int threadCount = threads(f, threads, threadsLine, threadsGiven, intervals, hasSummary, name);
    return new SysbenchLog(
        f,
        threadCount,
        reportInterval,
        intervals,
        hasSummary ? Optional.of(summary(summary)) : Optional.empty(),
        fatal,
        buckets,
        Optional.of(generation),
        version);
  }

  private static boolean isHeading(String strip) {
    return strip.equals("SQL statistics:")
        || strip.equals("General statistics:")
        || strip.equals("Throughput:")
        || strip.equals("Latency (ms):")
        || strip.equals("Threads fairness:");
  }

  private static SysbenchLog.Interval interval(SourceFile f, int i, Matcher m, String name) {
    SysbenchLog.Interval in =
        new SysbenchLog.Interval(
            i + 1,
            d(m, 1),
            Integer.parseInt(m.group(2)),
            d(m, 3),
            d(m, 4),
            d(m, 5),
            d(m, 6),
            d(m, 7),
            d(m, 8),
            d(m, 9),
            d(m, 10),
            d(m, 11));
    return plausible(f, i, in, name + " interval line: ");
  }

  private static SysbenchLog.Summary summary(SysbenchSummaryLines s) {
    SysbenchLog.CountRate tx = s.countRate("transactions");
    SysbenchLog.CountRate q = s.countRate("queries");
    SysbenchLog.CountRate ignored = s.countRate("ignored errors");
    SysbenchLog.CountRate reconnects = s.countRate("reconnects");
    // 1.1 prints "time elapsed:" under Throughput:, 1.0 "total time:" under General statistics:
    boolean throughput = s.has("time elapsed") || s.has("events/s (eps)");
    double totalTime = throughput ? s.seconds("time elapsed") : s.seconds("total time");
    return new SysbenchLog.Summary(
        s.count("read"),
        s.count("write"),
        s.count("other"),
        s.count("total"),
        tx.count(),
        tx.perSecond(),
        q.perSecond(),
        ignored.count(),
        reconnects.count(),
        null,
        totalTime,
        s.count("total number of events"),
        s.millis("min"),
        s.millis("avg"),
        s.millis("max"),
        s.percentiles(),
        s.figure("sum"));
  }
}
