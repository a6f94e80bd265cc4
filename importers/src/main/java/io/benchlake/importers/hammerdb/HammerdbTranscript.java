package io.benchlake.importers.hammerdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CLI output, hammerdb.log or a GUI copy (formats doc, 1): the monitor's lines of each timed run up
 * to its TEST RESULT, and what else the transcript prints: timestamps, the jobid, counter lines,
 * etprof blocks and the jobs JSON typed after a run ({@code jobs JOBID result|timing|tcount}).
 */
final class HammerdbTranscript {
  private static final Pattern VUSER = Pattern.compile("^(?:Vuser|Virtual User) (\\d+):\\s?(.*)$");
  private static final Pattern BANNER = Pattern.compile("^HammerDB CLI v(\\d+\\.\\d+).*$");
  private static final Pattern JOBID = Pattern.compile("^Benchmark Run jobid=([0-9A-F]{24})$");
  private static final Pattern VU_ERROR = Pattern.compile("^Error in Virtual User (\\d+): (.*)$");
  private static final Pattern TIMESTAMP = Pattern.compile("^Timestamp \\d+ @ (.+)$");
  private static final Pattern LOG_OPENED = Pattern.compile("^Hammerdb Log @ (.+)$");
  private static final Pattern CREATED =
      Pattern.compile("^(\\d+) Virtual Users Created with Monitor VU$");

  /** The web service's answer to {@code vuset vu N}: the active VUs of the runs after it. */
  private static final Pattern VUSET = Pattern.compile("^Virtual users set to (\\d+)$");

  /** The web service's answer to {@code vurun}: the job of the run that starts. */
  private static final Pattern RUNNING =
      Pattern.compile("^Running Virtual Users: JOBID=([0-9A-F]{24})$");

  private static final Pattern DBVERSION = Pattern.compile("^DBVersion:(\\S*)$");
  private static final Pattern END = Pattern.compile("^End:\\s*(.+)$");
  private static final Pattern JSON_PREFIX = Pattern.compile("^[A-Za-z][\\w .-]*:\\s*$");
  private static final ObjectMapper JSON = new ObjectMapper();

  private HammerdbTranscript() {}

  /** The line as HammerDB wrote it: without indentation, comment marks ({@code #}) or a prompt. */
  static String normalize(String raw) {
    String s = raw.replaceAll("[\\r\\s]+$", "").stripLeading();
    while (s.startsWith("#")) {
      s = s.substring(1).stripLeading();
    }
    return s.startsWith("hammerdb>") ? s.substring("hammerdb>".length()).stripLeading() : s;
  }

  static void read(List<String> raw, HammerdbFile out) {
    List<String> lines = raw.stream().map(HammerdbTranscript::normalize).toList();
    Reading r = new Reading(out);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.isEmpty()) {
        continue;
      }
      int end = json(lines, i, r);
      if (end > i) {
        i = end - 1;
        continue;
      }
      r.line(line, i);
    }
    r.close(lines.size());
  }

  /** The line after a jobs JSON value that starts at line {@code i}, once read; else {@code i}. */
  private static int json(List<String> lines, int i, Reading r) {
    String line = lines.get(i);
    int start = -1;
    for (int c = 0; c < line.length(); c++) {
      char ch = line.charAt(c);
      if (ch == '[' || ch == '{') {
        start = c;
        break;
      }
    }
    if (start < 0
        || VUSER.matcher(line).matches() // a VU's own text, even with brackets, is no jobs JSON
        || start > 0 && !JSON_PREFIX.matcher(line.substring(0, start)).matches()) {
      return i;
    }
    int end = HammerdbJsonBlock.end(lines, i, start);
    if (end < 0) {
      return i;
    }
    StringBuilder text = new StringBuilder(line.substring(start));
    lines.subList(i + 1, end).forEach(l -> text.append('\n').append(l));
    JsonNode node;
    try {
      node = JSON.readTree(text.toString());
    } catch (IOException e) {
      return i;
    }
    String message = wrappedMessage(node);
    if (message != null) {
      r.line(normalize(message), i);
      return end;
    }
    if (!HammerdbJobsJson.read(node, r.out, i, r.recent())) {
      return i;
    }
    if (r.current != null && r.current.finished()) {
      r.finish(r.current); // the result of the monitor lines before came as jobs JSON
    }
    return end;
  }

  /**
   * The message of the web service's answers, {@code {"success": {"message": "…"}}} (or {@code
   * "error"}): the line the CLI prints plain; null for any other JSON.
   */
  private static String wrappedMessage(JsonNode node) {
    if (!node.isObject() || node.size() != 1) {
      return null;
    }
    JsonNode body = node.has("success") ? node.get("success") : node.get("error");
    return body != null && body.isObject() && body.path("message").isTextual()
        ? body.get("message").asText()
        : null;
  }

  /** The run being read and the one read last (what a jobid line or a JSON block belongs to). */
  private static final class Reading {
    final HammerdbFile out;
    HammerdbResult current;
    HammerdbResult last;
    HammerdbClock lastTimestamp;
    HammerdbClock logOpened;

    Reading(HammerdbFile out) {
      this.out = out;
    }

    HammerdbResult run(int i) {
      if (current == null) {
        current = new HammerdbResult(out, i + 1);
        current.logOpened = logOpened;
      }
      return current;
    }

    /**
     * The run a jobs JSON belongs to: a run started under a jobid not yet finished, else the last.
     */
    HammerdbResult recent() {
      if (current != null && current.jobId != null && !current.finished()) {
        return current;
      }
      return last != null ? last : current;
    }

    /** Counter lines and etprof blocks run on after the result: they belong to the run before. */
    HammerdbResult target(int i) {
      return current != null || last == null ? run(i) : last;
    }

    void line(String line, int i) {
      Matcher m;
      if ((m = TIMESTAMP.matcher(line)).matches()) {
        HammerdbClock.tcl(m.group(1), out.at(i)).ifPresent(c -> lastTimestamp = c);
      } else if ((m = LOG_OPENED.matcher(line)).matches()) {
        HammerdbClock.tcl(m.group(1), out.at(i)).ifPresent(c -> logOpened = c);
      } else if ((m = BANNER.matcher(line)).matches()) {
        out.hammerdbVersion = "v" + m.group(1);
      } else if ((m = JOBID.matcher(line)).matches()) {
        // vurun returns the jobid when the run is over: it names the run just read
        HammerdbResult r = last != null && last.jobId == null ? last : run(i);
        r.jobId = m.group(1);
      } else if ((m = RUNNING.matcher(line)).matches()) {
        run(i).jobId = m.group(1); // the web service answers vurun as the run starts
      } else if ((m = VUSET.matcher(line)).matches()) {
        HammerdbResult r = run(i);
        r.activeVus = r.activeVus != null ? r.activeVus : Integer.valueOf(m.group(1));
      } else if ((m = VU_ERROR.matcher(line)).matches()) {
        HammerdbResult r = run(i);
        r.failure =
            r.failure != null ? r.failure : "virtual user " + m.group(1) + ": " + m.group(2);
      } else if ((m = CREATED.matcher(line)).matches()) {
        if (current != null && (current.rampupMin != null || current.durationMin != null)) {
          // the VUs of the next run are made: the run being read ended without a result
          unfinished(i, "no TEST RESULT before the next run began");
        }
        run(i).createdVus = Integer.parseInt(m.group(1));
      } else if ((m = HammerdbCounterLog.SAMPLE.matcher(line)).matches()) {
        HammerdbResult r = target(i);
        List<HammerdbFile.CounterSample> samples =
            r.counter == null
                ? new java.util.ArrayList<>()
                : new java.util.ArrayList<>(r.counter.samples());
        samples.add(HammerdbCounterLog.sample(m, out.at(i)));
        r.counter = new HammerdbFile.Counter(m.group(2), List.copyOf(samples), out.at(i));
      } else if ((m = VUSER.matcher(line)).matches()) {
        vuLine(Integer.parseInt(m.group(1)), m.group(2).strip(), i);
      } else if (HammerdbMonitor.RESULT.matcher(line).find()) {
        monitor(line, i); // a result line pasted without its Vuser prefix
      }
    }

    void vuLine(int vu, String text, int i) {
      Matcher m;
      if ((m = END.matcher(text)).matches()) {
        HammerdbResult r = target(i);
        HammerdbClock.tcl(m.group(1), out.at(i)).ifPresent(c -> r.ended = c);
      } else if (text.equals("FINISHED FAILED")) {
        HammerdbResult r = target(i);
        r.failure = r.failure != null ? r.failure : "virtual user " + vu + " FINISHED FAILED";
      } else if (target(i).etprof.add(text)) {
        return;
      } else if (vu != 1) {
        if (current != null) {
          current.workers.add(vu);
        }
      } else if ((m = DBVERSION.matcher(text)).matches()) {
        out.dbVersion = m.group(1).equals("NULL") ? out.dbVersion : m.group(1);
      } else {
        monitor(text, i);
      }
    }

    void monitor(String text, int i) {
      boolean begins = HammerdbMonitor.RAMPUP.matcher(text).matches();
      if (begins && current != null && (current.rampupMin != null || current.durationMin != null)) {
        unfinished(i, "no TEST RESULT before the next run began");
      }
      HammerdbResult r = HammerdbMonitor.afterResult(text) ? target(i) : run(i);
      boolean timed = begins || HammerdbMonitor.DURATION.matcher(text).matches();
      if (timed && r.started == null) {
        r.started = lastTimestamp;
      }
      if (HammerdbMonitor.apply(text, r) && r == current && r.finished()) {
        r.line = i + 1;
        if (r.started == null && r.ended == null) {
          r.ended = lastTimestamp;
        }
        finish(r);
      }
    }

    void finish(HammerdbResult r) {
      out.results.add(r);
      last = r;
      current = null;
    }

    void unfinished(int i, String why) {
      current.line = i;
      current.failure = current.failure != null ? current.failure : why;
      out.results.add(current);
      last = current;
      current = null;
    }

    void close(int lines) {
      if (current != null && (current.rampupMin != null || current.durationMin != null)) {
        unfinished(lines, "the output has no TEST RESULT (the run did not finish)");
      }
    }
  }
}
