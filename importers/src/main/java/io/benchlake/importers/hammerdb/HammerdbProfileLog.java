package io.benchlake.importers.hammerdb;

import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.TransactionTiming;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * hdbxtprofile.log (v4.1+): one report per run, appended; each report's SUMMARY block is kept (the
 * per-VU blocks are its parts). v6.0 adds P75/P25 and prints SD in ms; before, SD is in clicks.
 */
final class HammerdbProfileLog {
  static final Pattern HEADER =
      Pattern.compile("(?i)^(.*?)\\s*Hammerdb Time Profile Report @ (.+)$");
  private static final Pattern SUMMARY =
      Pattern.compile(
          "^>>>>> SUMMARY OF (\\d+) ACTIVE VIRTUAL USERS : MEDIAN ELAPSED TIME : (\\d+)ms$");
  private static final Pattern VU_BLOCK =
      Pattern.compile("^>>>>> VIRTUAL USER (\\d+) : ELAPSED TIME : (\\d+)ms$");
  private static final Pattern PROC = Pattern.compile("^>>>>> PROC: ([A-Z]+)$");
  private static final Pattern CALLS =
      Pattern.compile(
          "^CALLS:\\s*(\\d+)\\s+MIN:\\s*([\\d.]+)ms\\s+AVG:\\s*([\\d.]+)ms\\s+MAX:\\s*([\\d.]+)ms\\s+TOTAL:\\s*([\\d.]+)ms\\s*$");
  private static final Pattern PCTS =
      Pattern.compile(
          "^P99:\\s*(?<p99>[\\d.]+)ms\\s+P95:\\s*(?<p95>[\\d.]+)ms\\s+(?:P75:\\s*(?<p75>[\\d.]+)ms\\s+)?P50:\\s*(?<p50>[\\d.]+)ms\\s+(?:P25:\\s*(?<p25>[\\d.]+)ms\\s+)?SD:\\s*(?<sd>[\\d.]+)(?<sdms>ms)?\\s+RATIO:\\s*(?<ratio>[\\d.]+)%\\s*$");
  static final Pattern SEPARATOR = Pattern.compile("^(\\+-)+\\+?$");

  private HammerdbProfileLog() {}

  static void read(SourceFile f, List<String> lines, HammerdbFile out) {
    Integer k = null;
    List<TransactionTiming> procs = new ArrayList<>();
    String proc = null;
    Matcher calls = null;
    boolean inSummary = false;
    Optional<HammerdbClock> reported = Optional.empty();
    String db = "";
    String where = out.at(0);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      Matcher m;
      if (line.isEmpty() || SEPARATOR.matcher(line).matches()) {
        continue;
      }
      if ((m = HEADER.matcher(line)).matches()) {
        if (inSummary) {
          out.profiles.add(profile(k, procs, reported, db, where));
        }
        inSummary = false;
        procs.clear();
        db = m.group(1).strip();
        where = out.at(i);
        reported = HammerdbClock.tcl(m.group(2), where);
      } else if ((m = SUMMARY.matcher(line)).matches()) {
        inSummary = true;
        k = Integer.parseInt(m.group(1));
        procs.clear();
      } else if (VU_BLOCK.matcher(line).matches()) {
        inSummary = false;
      } else if ((m = PROC.matcher(line)).matches()) {
        proc = m.group(1);
      } else if ((m = CALLS.matcher(line)).matches()) {
        calls = m;
      } else if ((m = PCTS.matcher(line)).matches()) {
        if (proc == null || calls == null) {
          throw f.error(i, "a percentile line without its PROC and CALLS lines");
        }
        if (inSummary) {
          procs.add(timing(f, i, proc, calls, m));
        }
        calls = null;
      } else {
        throw f.error(
            i, "expected a time profile line (>>>>> PROC:, CALLS:, P99:), found '" + line + "'");
      }
    }
    if (inSummary) {
      out.profiles.add(profile(k, procs, reported, db, where));
    }
    if (out.profiles.isEmpty()) {
      throw f.error(
          lines.size() - 1, "the time profile has no SUMMARY OF k ACTIVE VIRTUAL USERS block");
    }
  }

  private static HammerdbFile.Profile profile(
      Integer k,
      List<TransactionTiming> procs,
      Optional<HammerdbClock> reported,
      String db,
      String where) {
    return new HammerdbFile.Profile(
        k, List.copyOf(procs), HammerdbFile.Source.XTPROF, reported, db, where);
  }

  private static TransactionTiming timing(
      SourceFile f, int i, String proc, Matcher calls, Matcher m) {
    return new TransactionTiming(
        proc,
        Long.parseLong(calls.group(1)),
        num(f, i - 1, calls.group(2)),
        num(f, i - 1, calls.group(3)),
        num(f, i - 1, calls.group(4)),
        num(f, i - 1, calls.group(5)),
        num(f, i, m.group("p50")),
        num(f, i, m.group("p95")),
        num(f, i, m.group("p99")),
        num(f, i, m.group("sd")),
        num(f, i, m.group("ratio")),
        "ms",
        m.group("sdms") != null ? "ms" : "clicks",
        null,
        null,
        m.group("p75") == null ? null : num(f, i, m.group("p75")),
        m.group("p25") == null ? null : num(f, i, m.group("p25")));
  }

  static double num(SourceFile f, int line, String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw f.error(line, "expected a number, found '" + text + "'");
    }
  }
}
