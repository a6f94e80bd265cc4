package io.benchlake.importers.sysbench;

import io.benchlake.importers.PlausibleValues;
import io.benchlake.importers.SourceFile;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What every sysbench generation's reading shares: the lines all of them print alike (the thread
 * count, the "last message repeated" note, the histogram's head), how a line is quoted in a
 * refusal, where a log's thread count comes from, and the bounds of a 1.x interval line.
 */
final class SysbenchLines {
  static final Pattern THREADS = Pattern.compile("^Number of threads: ([0-9]+)$");
  static final Pattern REPEATED = Pattern.compile("^\\(last message repeated [0-9]+ times\\)$");
  static final Pattern HIST_HEAD = Pattern.compile("^\\s*value\\s+-+ distribution -+ count$");
  private static final Pattern SUMMARY_LINE =
      Pattern.compile("^\\s+([A-Za-z0-9 ()/.]+?):(?:\\s+(.*))?$");

  private SysbenchLines() {}

  /** {@code line} as a refusal quotes it: stripped, at most 80 characters. */
  static String abbreviate(String line) {
    String s = line.strip();
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
  }

  /** What {@code what} met: a torn last line, or a line other than {@code expected}. */
  static String torn(boolean last, String line, String what, String expected) {
    return last
        ? what + ": torn last line: '" + abbreviate(line) + "'"
        : what + ": " + expected + ", found '" + abbreviate(line) + "'";
  }

  static double d(Matcher m, int group) {
    return Double.parseDouble(m.group(group));
  }

  /**
   * Reads one line of a 0.5 or 1.1 summary block ({@code name: value}) into {@code summary}; a torn
   * last line is refused unless it is the block's last figure, which sysbench ends without a
   * newline when it is killed.
   */
  static void summaryLine(
      SourceFile f, int i, String line, boolean last, String name, SysbenchSummaryLines summary) {
    Matcher m = SUMMARY_LINE.matcher(line);
    if (!m.matches()) {
      throw f.error(
          i, torn(last, line, name + " summary", "expected a summary line (name: value)"));
    }
    if (last && !line.strip().startsWith("execution time (avg/stddev):")) {
      throw f.error(i, name + " summary: torn last line: '" + abbreviate(line) + "'");
    }
    summary.put(m.group(1), m.group(2) == null ? "" : m.group(2), i);
  }

  /** The header's thread count, else --threads, else (intervals only) the intervals'. */
  static int threads(
      SourceFile f,
      Integer header,
      int headerLine,
      ThreadsGiven given,
      List<SysbenchLog.Interval> intervals,
      boolean hasSummary,
      String name) {
    if (header != null && given != null && header != given.count()) {
      throw f.error(headerLine, given.contradicts(name, header));
    }
    if (header != null) {
      return header;
    }
    if (given != null) {
      return given.count();
    }
    if (!intervals.isEmpty() && !hasSummary) {
      return intervals.stream().mapToInt(SysbenchLog.Interval::threads).max().orElseThrow();
    }
    throw f.error(
        0,
        name
            + (hasSummary ? " summary" : " log")
            + " without its header: it does not say its thread count ('Number of threads:');"
            + " give --threads N (or {threads} in --layout)");
  }

  /**
   * Refuses a 1.x interval line with a value no sysbench run prints (PlausibleValues), the problem
   * after {@code prefix}.
   */
  static SysbenchLog.Interval plausible(
      SourceFile f, int i, SysbenchLog.Interval in, String prefix) {
    Optional<String> problem =
        PlausibleValues.ofDuration("offset", in.offsetS())
            .or(() -> PlausibleValues.ofRate("tps", in.tps()))
            .or(() -> PlausibleValues.ofRate("qps", in.qps()))
            .or(() -> PlausibleValues.ofRate("reads per second", in.reads()))
            .or(() -> PlausibleValues.ofRate("writes per second", in.writes()))
            .or(() -> PlausibleValues.ofRate("other queries per second", in.other()))
            .or(() -> PlausibleValues.ofPercent("latency percentile", in.percentile()))
            .or(() -> PlausibleValues.ofLatency("latency", in.latencyMs()))
            .or(() -> PlausibleValues.ofRate("err/s", in.errorsPs()))
            .or(() -> PlausibleValues.ofRate("reconn/s", in.reconnectsPs()));
    if (problem.isPresent()) {
      throw f.error(i, prefix + problem.get());
    }
    return in;
  }
}
