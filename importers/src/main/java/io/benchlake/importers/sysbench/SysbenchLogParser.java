package io.benchlake.importers.sysbench;

import static io.benchlake.importers.sysbench.SysbenchLines.HIST_HEAD;
import static io.benchlake.importers.sysbench.SysbenchLines.REPEATED;
import static io.benchlake.importers.sysbench.SysbenchLines.THREADS;
import static io.benchlake.importers.sysbench.SysbenchLines.abbreviate;
import static io.benchlake.importers.sysbench.SysbenchLines.d;
import static io.benchlake.importers.sysbench.SysbenchLines.plausible;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.PlausibleValues;
import io.benchlake.importers.SourceFile;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses the stdout of a sysbench 1.0.x run (docs/architecture.md, sysbench logs): a log with a
 * complete last line but no summary is a run that died; a torn last line or an unparseable line
 * after the header is bad input, reported as file:line.
 */
public final class SysbenchLogParser {
  private static final String NUM = "(-?[0-9]+(?:\\.[0-9]+)?)";
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
              + " err/s: "
              + NUM
              + " reconn/s: "
              + NUM
              + "$");
  private static final Pattern REPORT =
      Pattern.compile("^Report intermediate results every " + NUM + " second\\(s\\)$");
  private static final Pattern BUCKET = Pattern.compile("^\\s*" + NUM + " \\|\\**\\s+([0-9]+)$");
  private static final Pattern SUMMARY_LINE = Pattern.compile("^\\s+([a-z0-9 ()/.]+?):\\s*(.*)$");
  private static final Pattern COUNT_RATE =
      Pattern.compile("^([0-9]+)\\s+\\(" + NUM + " per sec\\.\\)$");
  private static final Pattern PCT_LABEL = Pattern.compile("^([0-9]+(?:\\.[0-9]+)?)th percentile$");

  private SysbenchLogParser() {}

  private enum Section {
    HEADER,
    RUN,
    HISTOGRAM,
    SUMMARY
  }

  public static SysbenchLog parse(SourceFile f) {
    List<String> lines = f.lines();
    Integer threads = null;
    Double reportInterval = null;
    List<SysbenchLog.Interval> intervals = new ArrayList<>();
    List<String> fatal = new ArrayList<>();
    List<SysbenchLog.Bucket> buckets = new ArrayList<>();
    Map<String, String> summary = new HashMap<>();
    Map<String, Integer> summaryLine = new HashMap<>();
    boolean sawSummary = false;
    Section section = Section.HEADER;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      boolean last = i == lines.size() - 1;
      try {
        if (line.startsWith("FATAL: ")) {
          fatal.add(line.substring("FATAL: ".length()));
          continue;
        }
        if (REPEATED.matcher(line).matches()) {
          continue;
        }
        switch (section) {
          case HEADER -> {
            Matcher m;
            if ((m = THREADS.matcher(line)).matches()) {
              threads = Integer.parseInt(m.group(1));
            } else if ((m = REPORT.matcher(line)).matches()) {
              reportInterval = Double.parseDouble(m.group(1));
            } else if (line.equals("Threads started!")) {
              section = Section.RUN;
            } else if (line.startsWith("[ ")) {
              section = Section.RUN;
              i--;
            }
          }
          case RUN -> {
            if (line.isBlank()) {
              continue;
            }
            Matcher m = INTERVAL.matcher(line);
            if (m.matches()) {
              intervals.add(plausible(f, i, interval(i + 1, m), ""));
            } else if (line.equals("Latency histogram (values are in milliseconds)")) {
              section = Section.HISTOGRAM;
            } else if (line.equals("SQL statistics:")) {
              section = Section.SUMMARY;
              sawSummary = true;
            } else {
              throw f.error(
                  i,
                  unexpected(
                      line,
                      last,
                      f,
                      "an interval line ([ Ns ] thds: … tps: … qps: …), FATAL or SQL statistics"));
            }
          }
          case HISTOGRAM -> {
            Matcher m = BUCKET.matcher(line);
            if (m.matches()) {
              buckets.add(
                  new SysbenchLog.Bucket(
                      Double.parseDouble(m.group(1)), Long.parseLong(m.group(2))));
            } else if (line.isBlank()) {
              section = Section.RUN;
            } else if (!HIST_HEAD.matcher(line).matches()) {
              throw f.error(i, unexpected(line, last, f, "a histogram row (value |*** count)"));
            }
          }
          case SUMMARY -> {
            if (line.isBlank()
                || line.endsWith("statistics:")
                || line.equals("Latency (ms):")
                || line.equals("Threads fairness:")
                || line.trim().equals("queries performed:")) {
              continue;
            }
            Matcher m = SUMMARY_LINE.matcher(line);
            if (!m.matches()) {
              throw f.error(i, unexpected(line, last, f, "a summary line (name: value)"));
            }
            summary.put(m.group(1).trim(), m.group(2).trim());
            summaryLine.put(m.group(1).trim(), i);
          }
        }
      } catch (NumberFormatException e) {
        throw f.error(i, "not a number in: " + line.strip());
      }
    }
    if (!f.endsWithNewline()
        && !lines.isEmpty()
        && section == Section.SUMMARY
        && !lines.get(lines.size() - 1).contains("execution time")) {
      throw f.error(lines.size() - 1, "torn last line: the log was cut in the middle of a line");
    }
    if (threads == null && intervals.isEmpty() && fatal.isEmpty()) {
      throw BadInputException.at(
          f.name(),
          1,
          "not a sysbench log: no 'Number of threads:' header, interval lines or FATAL lines");
    }
    int threadCount =
        threads != null
            ? threads
            : intervals.stream().mapToInt(SysbenchLog.Interval::threads).max().orElse(1);
    Optional<SysbenchLog.Summary> parsed =
        sawSummary ? Optional.of(summary(f, summary, summaryLine, lines.size())) : Optional.empty();
    return new SysbenchLog(f, threadCount, reportInterval, intervals, parsed, fatal, buckets);
  }

  private static String unexpected(String line, boolean last, SourceFile f, String expected) {
    if (last && !f.endsWithNewline()) {
      return "torn last line: '" + abbreviate(line) + "'";
    }
    return "expected " + expected + ", found '" + abbreviate(line) + "'";
  }

  private static SysbenchLog.Interval interval(int line, Matcher m) {
    return new SysbenchLog.Interval(
        line,
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
  }

  private static SysbenchLog.Summary summary(
      SourceFile f, Map<String, String> s, Map<String, Integer> at, int end) {
    CountRate tx = countRate(f, s, at, "transactions", end);
    CountRate q = countRate(f, s, at, "queries", end);
    CountRate ignored = countRate(f, s, at, "ignored errors", end);
    CountRate reconnects = countRate(f, s, at, "reconnects", end);
    Double pct = null;
    Double pctValue = null;
    for (var e : s.entrySet()) {
      Matcher m = PCT_LABEL.matcher(e.getKey());
      if (m.matches()) {
        pct = Double.parseDouble(m.group(1));
        pctValue = number(f, s, at, e.getKey(), end);
      }
    }
    String total = require(f, s, "total time", end);
    if (!total.endsWith("s")) {
      throw f.error(
          at.get("total time"),
          "expected total time in seconds (e.g. 20.0055s), found '" + total + "'");
    }
    double totalTime;
    try {
      totalTime = Double.parseDouble(total.substring(0, total.length() - 1));
    } catch (NumberFormatException e) {
      throw f.error(at.get("total time"), "not a number: '" + total + "'");
    }
    Optional<String> badTime = PlausibleValues.ofDuration("total time", totalTime);
    if (badTime.isPresent()) {
      throw f.error(at.get("total time"), badTime.get());
    }
    return new SysbenchLog.Summary(
        (long) number(f, s, at, "read", end),
        (long) number(f, s, at, "write", end),
        (long) number(f, s, at, "other", end),
        (long) number(f, s, at, "total", end),
        tx.count(),
        tx.perSecond(),
        q.perSecond(),
        ignored.count(),
        reconnects.count(),
        null,
        totalTime,
        (long) number(f, s, at, "total number of events", end),
        number(f, s, at, "min", end),
        number(f, s, at, "avg", end),
        number(f, s, at, "max", end),
        pct == null ? List.of() : List.of(new SysbenchLog.Percentile(pct, pctValue)),
        number(f, s, at, "sum", end));
  }

  private static String require(SourceFile f, Map<String, String> s, String key, int end) {
    String v = s.get(key);
    if (v == null) {
      throw f.error(end - 1, "the summary has no '" + key + ":' line (a missing block?)");
    }
    return v;
  }

  private static double number(
      SourceFile f, Map<String, String> s, Map<String, Integer> at, String key, int end) {
    String v = require(f, s, key, end);
    double value;
    try {
      value = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw f.error(at.get(key), "expected a number after '" + key + ":', found '" + v + "'");
    }
    // the Latency block's min, avg, max and percentile are latencies in ms; its sum is a total
    boolean latency = LATENCIES.contains(key) || PCT_LABEL.matcher(key).matches();
    Optional<String> problem =
        latency ? PlausibleValues.ofLatency(key, value) : PlausibleValues.ofNumber(key, value);
    if (problem.isPresent()) {
      throw f.error(at.get(key), problem.get());
    }
    return value;
  }

  private static final java.util.Set<String> LATENCIES = java.util.Set.of("min", "avg", "max");

  /** A summary figure such as "27705 (1384.80 per sec.)". */
  private record CountRate(long count, double perSecond) {}

  private static CountRate countRate(
      SourceFile f, Map<String, String> s, Map<String, Integer> at, String key, int end) {
    String v = require(f, s, key, end);
    Matcher m = COUNT_RATE.matcher(v);
    if (!m.matches()) {
      throw f.error(
          at.get(key), "expected 'N (X per sec.)' after '" + key + ":', found '" + v + "'");
    }
    CountRate read;
    try {
      read = new CountRate(Long.parseLong(m.group(1)), Double.parseDouble(m.group(2)));
    } catch (NumberFormatException e) {
      throw f.error(at.get(key), "a count beyond a whole number's range after '" + key + ":'");
    }
    Optional<String> problem =
        PlausibleValues.ofRate(key + " per second", read.perSecond())
            .or(() -> PlausibleValues.ofNumber(key, read.count()));
    if (problem.isPresent()) {
      throw f.error(at.get(key), problem.get());
    }
    return read;
  }
}
