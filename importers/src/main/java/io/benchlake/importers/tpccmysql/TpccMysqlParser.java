package io.benchlake.importers.tpccmysql;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the output of Percona's tpcc-mysql {@code tpcc_start} (src/main.c), every generation of its
 * 10-second line: {@code 10, trx: N, 95%: ms, 99%: ms, max_rt: ms, N|ms ×4} (2016-02-12 on), {@code
 * 10, trx: N max_rt: ms, N|ms ×4} (2016-02-11), {@code 10, N(late):rt|max ×5} (2011-2016) and
 * {@code 10, N(late):rt ×5} (2008-2011). A file may hold several runs (a script appending its runs
 * to one log): each {@code <Parameters>} header starts one. The password printed in the header is
 * never kept. Other lines (options echoed, errors a transaction printed) are left alone; a line
 * that starts as an interval line and does not read as one is refused at file:line.
 */
public final class TpccMysqlParser {
  private TpccMysqlParser() {}

  static final String TRX_PERCENTILES = "2016 (trx, 95%, 99%, max_rt)";
  static final String TRX_MAX = "2016-02-11 (trx, max_rt)";
  static final String COUNT_RT_MAX = "2011 (count(late):rt|max)";
  static final String COUNT_RT = "2008 (count(late):rt)";

  private static final String NUM = "(-?\\d+(?:\\.\\d+)?|-?nan|-?inf)";
  private static final Pattern INTERVAL_START = Pattern.compile("^\\s*\\d+, (?:trx:|\\d+[(:]).*");
  private static final Pattern TRX =
      Pattern.compile(
          "^\\s*(\\d+), trx: (\\d+),?(?: 95%: "
              + NUM
              + ", 99%: "
              + NUM
              + ",)? max_rt: "
              + NUM
              + ", (\\d+)\\|"
              + NUM
              + ", (\\d+)\\|"
              + NUM
              + ", (\\d+)\\|"
              + NUM
              + ", (\\d+)\\|"
              + NUM
              + "\\s*$");
  private static final Pattern PART =
      Pattern.compile("^(\\d+)(?:\\((\\d+)\\))?:" + NUM + "(?:\\|" + NUM + ")?$");
  private static final Pattern HEADER = Pattern.compile("^\\s*\\[(\\w+)\\]:\\s*(.*?)\\s*$");
  private static final Pattern RAW =
      Pattern.compile(
          "^\\s*\\[(\\d)\\] sc:(\\d+)\\s+lt:(\\d+)\\s+rt:(\\d+)\\s+fl:(\\d+)"
              + "(?:\\s+avg_rt: (\\S+) \\((\\d+)\\))?\\s*$");
  private static final Pattern RAW_SECONDS = Pattern.compile("^\\s*in (\\d+) sec\\.\\s*$");
  private static final Pattern TPMC = Pattern.compile("^\\s*" + NUM + " TpmC\\s*$");

  public static List<TpccMysqlResult> parse(SourceFile file) {
    List<TpccMysqlResult> out = new ArrayList<>();
    Section s = null;
    List<String> lines = file.lines();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).replace("\r", "");
      if (line.contains("TPC-C Load Generator")
          || line.strip().equals("<Parameters>") && (s == null || s.started())) {
        if (s != null && s.started()) {
          out.add(s.result());
        }
        if (s == null || s.started()) {
          s = new Section(file, i + 1);
        }
        continue;
      }
      if (s == null) {
        if (INTERVAL_START.matcher(line).matches()) {
          throw file.error(
              i,
              "a tpcc-mysql interval line before any '<Parameters>' header: not the whole"
                  + " output of tpcc_start (the header gives its connections)");
        }
        continue;
      }
      if (s.awaitingTpmC) {
        if (line.isBlank()) {
          continue;
        }
        Matcher m = TPMC.matcher(line);
        Double v = m.matches() ? number(m.group(1)) : null;
        if (v == null || v < 0 || v > 6e10) {
          throw file.error(i, "expected the result after <TpmC>, as '1234.567 TpmC'");
        }
        requireWhole(file, i);
        s.tpmC = v;
        s.awaitingTpmC = false;
        continue;
      }
      s.read(line, i);
    }
    if (s != null && s.awaitingTpmC) {
      throw file.error(
          lines.size() - 1, "the output ends after <TpmC> without its figure: a truncated log");
    }
    if (s != null && s.started()) {
      out.add(s.result());
    }
    if (out.isEmpty()) {
      throw BadInputException.at(
          file.name(),
          1,
          "not a tpcc-mysql log: no '<Parameters>' header with '[connection]:' and no interval"
              + " line ('  10, trx: …')");
    }
    return out;
  }

  /** The last line of a file without a line end may be cut off: refused when it is data. */
  private static void requireWhole(SourceFile file, int index) {
    if (index == file.lines().size() - 1 && !file.endsWithNewline()) {
      throw file.error(index, "the last line is cut off (no line end): a torn log");
    }
  }

  /** A printed number; NaN for nan/inf (a window or transaction without requests). */
  static Double number(String text) {
    String t = text.toLowerCase(Locale.ROOT);
    if (t.contains("nan") || t.contains("inf")) {
      return Double.NaN;
    }
    return Double.parseDouble(t);
  }

  /** One run's output as it is read. */
  private static final class Section {
    final SourceFile file;
    final int line;
    Integer warehouses;
    Integer connections;
    Integer rampupS;
    Integer measureS;
    String database;
    boolean parameters;
    boolean raw;
    boolean awaitingTpmC;
    String generation;
    Integer rawSeconds;
    Double tpmC;
    final List<TpccMysqlResult.Interval> intervals = new ArrayList<>();
    final List<TpccMysqlResult.Transaction> transactions = new ArrayList<>();

    Section(SourceFile file, int line) {
      this.file = file;
      this.line = line;
    }

    boolean started() {
      return parameters || !intervals.isEmpty();
    }

    void read(String line, int i) {
      String t = line.strip();
      if (t.equals("<Parameters>")) {
        parameters = true;
        return;
      }
      if (t.startsWith("<Raw Results2")) {
        raw = false;
        return;
      }
      if (t.equals("<Raw Results>")) {
        raw = true;
        return;
      }
      if (t.equals("<TpmC>")) {
        awaitingTpmC = true;
        return;
      }
      Matcher h = HEADER.matcher(line);
      if (h.matches() && !raw) {
        header(h.group(1), h.group(2), i);
        return;
      }
      if (raw) {
        Matcher r = RAW.matcher(line);
        if (r.matches()) {
          rawRow(r, i);
          return;
        }
        Matcher secs = RAW_SECONDS.matcher(line);
        if (secs.matches()) {
          rawSeconds = Integer.parseInt(secs.group(1));
          return;
        }
      }
      if (INTERVAL_START.matcher(line).matches()) {
        interval(line, i);
      }
    }

    void header(String name, String value, int i) {
      parameters = true;
      switch (name) {
        case "warehouse" -> warehouses = count(value, name, i);
        case "connection" -> connections = count(value, name, i);
        case "rampup" -> rampupS = seconds(value, name, i);
        case "measure" -> measureS = seconds(value, name, i);
        case "DBname" -> database = value;
        default -> {
          // [server], [port], [user], [pass] (never kept), [ratio]
        }
      }
    }

    private Integer count(String value, String name, int i) {
      try {
        int v = Integer.parseInt(value);
        if (v >= 1) {
          return v;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      throw file.error(i, "[" + name + "] is '" + value + "'; expected a whole number, 1 or more");
    }

    private Integer seconds(String value, String name, int i) {
      Matcher m = Pattern.compile("^(\\d+)(?: \\(sec\\.\\))?$").matcher(value);
      if (!m.matches() || m.group(1).length() > 8) {
        throw file.error(i, "[" + name + "] is '" + value + "'; expected seconds, as '60 (sec.)'");
      }
      return Integer.parseInt(m.group(1));
    }

    void rawRow(Matcher r, int i) {
      int index = Integer.parseInt(r.group(1));
      if (index != transactions.size() || index > 4) {
        throw file.error(i, "expected raw result [" + transactions.size() + "] here");
      }
      Double avg = r.group(6) == null ? null : number(r.group(6));
      transactions.add(
          new TpccMysqlResult.Transaction(
              TpccMysqlResult.NAMES.get(index),
              Long.parseLong(r.group(2)),
              Long.parseLong(r.group(3)),
              Long.parseLong(r.group(4)),
              Long.parseLong(r.group(5)),
              avg == null || avg.isNaN() ? null : avg));
    }

    void interval(String line, int i) {
      TpccMysqlResult.Interval read;
      String generation;
      Matcher m = TRX.matcher(line);
      if (m.matches()) {
        List<Long> counts = new ArrayList<>();
        counts.add(Long.parseLong(m.group(2)));
        for (int k = 0; k < 4; k++) {
          counts.add(Long.parseLong(m.group(6 + 2 * k)));
        }
        generation = m.group(3) != null ? TRX_PERCENTILES : TRX_MAX;
        read =
            new TpccMysqlResult.Interval(
                i + 1,
                Integer.parseInt(m.group(1)),
                counts,
                latency(m.group(3), i),
                latency(m.group(4), i),
                latency(m.group(5), i));
      } else {
        String[] parts = line.strip().split(",\\s*");
        if (parts.length != 6) {
          throw notInterval(i);
        }
        List<Long> counts = new ArrayList<>();
        Double max = null;
        boolean withMax = false;
        for (int k = 1; k < 6; k++) {
          Matcher p = PART.matcher(parts[k]);
          if (!p.matches()) {
            throw notInterval(i);
          }
          counts.add(Long.parseLong(p.group(1)));
          if (k == 1 && p.group(4) != null) {
            withMax = true;
            max = latency(p.group(4), i);
          }
        }
        generation = withMax ? COUNT_RT_MAX : COUNT_RT;
        read =
            new TpccMysqlResult.Interval(
                i + 1, Integer.parseInt(parts[0].strip()), counts, null, null, max);
      }
      int previous = intervals.isEmpty() ? 0 : intervals.get(intervals.size() - 1).endS();
      if (read.endS() <= previous) {
        throw file.error(
            i, "interval at " + read.endS() + " s after one at " + previous + " s: not in order");
      }
      requireWhole(file, i);
      this.generation = this.generation == null ? generation : this.generation;
      intervals.add(read);
    }

    private Double latency(String text, int i) {
      if (text == null) {
        return null;
      }
      Double v = number(text);
      if (v.isNaN()) {
        return null;
      }
      if (v < 0 || v > 1e7) {
        throw file.error(i, "a response time of " + text + " ms; expected 0 to 10^7 ms");
      }
      return v;
    }

    private BadInputException notInterval(int i) {
      return file.error(
          i,
          "expected a tpcc-mysql interval line ('  10, trx: N, 95%: ms, 99%: ms, max_rt: ms, N|ms,"
              + " N|ms, N|ms, N|ms', or the older '  10, N(late):rt|max, …' with five"
              + " transactions)");
    }

    TpccMysqlResult result() {
      if (connections == null) {
        throw BadInputException.at(
            file.name(),
            line,
            "a tpcc-mysql run without its ' [connection]: N' header line: the thread count is"
                + " unknown");
      }
      if (!transactions.isEmpty() && transactions.size() != 5) {
        throw BadInputException.at(
            file.name(),
            line,
            "<Raw Results> lists " + transactions.size() + " transactions; expected 5");
      }
      return new TpccMysqlResult(
          file.name(),
          file.digest(),
          line,
          generation,
          warehouses,
          connections,
          rampupS,
          measureS,
          database,
          intervals,
          transactions,
          rawSeconds,
          tpmC);
    }
  }
}
