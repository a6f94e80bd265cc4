package io.benchlake.importers.hammerdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlake.schemas.TransactionTiming;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The jobs interface's JSON (formats doc, 4): {@code jobs JOBID result}, {@code timing}, {@code
 * tcount} (both key orders), all output, and v6.0's saved job report, as a file of its own or
 * printed inside a CLI transcript after the run it belongs to ({@code last}).
 */
final class HammerdbJobsJson {
  private static final String SQLITE_TIME = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d";

  private HammerdbJobsJson() {}

  /** Adds what {@code root} says; false when it is no jobs JSON HammerDB prints. */
  static boolean read(JsonNode root, HammerdbFile out, int line, HammerdbResult last) {
    String where = out.at(line);
    if (root.has("job") && root.has("result")) {
      HammerdbJobReport.read(root, out, line, last);
      return true;
    }
    if (root.isArray() && isOutput(root)) {
      if (last != null || !out.results.isEmpty()) {
        return true; // all output printed inside a transcript repeats what it already holds
      }
      List<String> lines = new ArrayList<>();
      for (int i = 0; i + 1 < root.size(); i += 2) {
        String vu = root.get(i).asText();
        String text = root.get(i + 1).asText();
        lines.add(vu.equals("0") ? text : "Vuser " + vu + ":" + text);
      }
      HammerdbTranscript.read(lines, out);
      return true;
    }
    if (root.isArray()) {
      return resultArray(root, out, line, last);
    }
    if (!root.isObject() || root.isEmpty()) {
      return false;
    }
    Map.Entry<String, JsonNode> first = root.fields().next();
    if (first.getKey().matches(".* (tpm|qph)") && first.getValue().isObject()) {
      HammerdbFile.Counter c = tcount(first.getKey(), first.getValue(), where);
      if (last == null) {
        out.counters.add(c);
      } else if (last.counter == null) {
        last.counter = c;
      }
      return true;
    }
    if (first.getValue().isObject() && first.getValue().has("calls")) {
      List<TransactionTiming> rows = new ArrayList<>();
      root.fields().forEachRemaining(e -> rows.add(timing(e.getKey(), e.getValue())));
      HammerdbFile.Profile p =
          new HammerdbFile.Profile(
              0, rows, HammerdbFile.Source.JOBS_TIMING, Optional.empty(), "", where);
      if (last == null) {
        out.profiles.add(p);
      } else {
        last.offer(p);
      }
      return true;
    }
    return false;
  }

  /** {@code jobs JOBID} (all output): VU number and line, alternating. */
  private static boolean isOutput(JsonNode root) {
    if (root.size() < 2 || root.size() % 2 != 0) {
      return false;
    }
    for (int i = 0; i < root.size(); i += 2) {
      if (!root.get(i).asText().matches("\\d+")) {
        return false;
      }
    }
    return !root.get(0).asText().matches("[0-9A-F]{24}");
  }

  /** {@code [jobid, timestamp, "N Active Virtual Users configured", "TEST RESULT : …"]}. */
  private static boolean resultArray(
      JsonNode root, HammerdbFile out, int line, HammerdbResult last) {
    List<String> items = new ArrayList<>();
    root.forEach(n -> items.add(n.isValueNode() ? n.asText() : ""));
    HammerdbResult r = new HammerdbResult(out, line + 1);
    boolean any = false;
    for (String raw : items) {
      String item = raw.strip();
      if (item.matches("[0-9A-F]{24}")) {
        r.jobId = item;
        any = true;
      } else if (item.matches(SQLITE_TIME)) {
        r.jobTimestamp = HammerdbClock.sqlite(item, out.at(line)).orElse(null);
      } else if (item.equals("Jobid has no test result")) {
        r.failure = "the job has no test result";
        any = true;
      } else {
        any |= HammerdbMonitor.apply(item, r);
      }
    }
    if (!any) {
      return false;
    }
    // the run just read (its result printed again), or the run whose monitor lines came before
    boolean same =
        last != null
            && (r.jobId != null && r.jobId.equals(last.jobId)
                || last.jobId == null
                    && (!last.finished()
                        || r.nopm != null && r.nopm.equals(last.nopm) && r.tpm.equals(last.tpm)));
    if (same) {
      last.fillFrom(r);
    } else if (r.finished() || r.failure != null) {
      out.results.add(r);
    } else if (last != null && r.jobId != null && last.jobId == null) {
      last.jobId = r.jobId; // "[jobid, 'Jobid has no timing data']" names the run just read
    }
    return true;
  }

  static HammerdbFile.Counter tcount(String key, JsonNode series, String where) {
    List<HammerdbFile.CounterSample> samples = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> it = series.fields();
    while (it.hasNext()) {
      var e = it.next();
      // v4.8+ keys are times, before they are the counter values (formats doc, 4.3)
      boolean keyIsTime = e.getKey().strip().matches(SQLITE_TIME);
      String time = keyIsTime ? e.getKey() : e.getValue().asText();
      String value = keyIsTime ? e.getValue().asText() : e.getKey();
      samples.add(
          new HammerdbFile.CounterSample(
              HammerdbClock.sqlite(time, where), (long) Double.parseDouble(value)));
    }
    samples.sort(
        java.util.Comparator.comparing(
            s -> s.at().map(HammerdbClock::local).orElse(java.time.LocalDateTime.MIN)));
    return new HammerdbFile.Counter(key.split(" ")[0], List.copyOf(samples), where);
  }

  /** One row of {@code jobs JOBID timing} or of the saved report's response_times. */
  static TransactionTiming timing(String name, JsonNode n) {
    return new TransactionTiming(
        name,
        (long) n.path("calls").asDouble(),
        n.path("min_ms").asDouble(),
        optional(n, "avg_ms"),
        n.path("max_ms").asDouble(),
        optional(n, "total_ms"),
        n.path("p50_ms").asDouble(),
        n.path("p95_ms").asDouble(),
        n.path("p99_ms").asDouble(),
        optional(n, "sd"),
        optional(n, "ratio_pct"),
        "ms",
        // v6.0 added p75/p25 and made sd ms; before, sd is clock clicks
        n.has("p75_ms") ? "ms" : "clicks",
        null,
        optional(n, "elapsed_ms"),
        optional(n, "p75_ms"),
        optional(n, "p25_ms"));
  }

  private static Double optional(JsonNode n, String field) {
    return n.hasNonNull(field) ? n.get(field).asDouble() : null;
  }
}
