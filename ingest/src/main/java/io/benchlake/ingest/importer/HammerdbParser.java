package io.benchlake.ingest.importer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.home.BadInputException;
import io.benchlake.schemas.TransactionTiming;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads HammerDB's TPROC-C outputs (docs/formats/hammerdb.md): CLI output or hammerdb.log, the
 * xtprof time profile (hdbxtprofile.log), the transaction counter log (hdbtcount.log), and the JSON
 * of the jobs interface (result, timing, tcount, and v6.0's saved job report).
 */
public final class HammerdbParser {
  private static final Pattern VUSER = Pattern.compile("^Vuser (\\d+):(.*)$");
  private static final Pattern BANNER = Pattern.compile("^HammerDB CLI v(\\d+\\.\\d+).*$");
  private static final Pattern RESULT =
      Pattern.compile(
          "TEST RESULT : System achieved (?:(?<nopm>\\d+) NOPM from (?<tpm>\\d+) (?<db>.+?) TPM|(?<tpm2>\\d+) (?<db2>.+?) TPM at (?<nopm2>\\d+) NOPM)\\s*$");
  private static final Pattern RAMPUP =
      Pattern.compile("^Beginning rampup time of (\\d+) minutes$");
  private static final Pattern DURATION =
      Pattern.compile("^Timing test period of (\\d+) in minutes$");
  private static final Pattern ACTIVE = Pattern.compile("^(\\d+) Active Virtual Users configured$");
  private static final Pattern ACTIVE_ASYNC =
      Pattern.compile("^(\\d+) VU \\* (\\d+) AC = (\\d+) Active Sessions configured$");
  private static final Pattern DBVERSION = Pattern.compile("^DBVersion:(\\S*)$");
  private static final Pattern JOBID = Pattern.compile("^Benchmark Run jobid=([0-9A-F]{24})$");
  private static final Pattern VU_ERROR = Pattern.compile("^Error in Virtual User (\\d+): (.*)$");
  private static final Pattern PROFILE_HEADER =
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
  private static final Pattern SEPARATOR = Pattern.compile("^(\\+-)+\\+?$");
  private static final Pattern TCOUNT_HEADER =
      Pattern.compile("^Hammerdb Transaction Counter Log @ (.+)$");
  private static final Pattern TCOUNT = Pattern.compile("^(\\d+) (\\S+) tpm(?: @ (.+))?$");
  private static final DateTimeFormatter CLOCK =
      DateTimeFormatter.ofPattern("EEE MMM dd HH:mm:ss zzz yyyy", java.util.Locale.ENGLISH);
  private static final DateTimeFormatter SQLITE =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final ObjectMapper JSON = new ObjectMapper();

  private HammerdbParser() {}

  /** Adds what one file says to {@code run}, recognising the file by its content. */
  public static void read(SourceFile f, HammerdbRun run) {
    List<String> lines = f.lines().stream().map(HammerdbParser::clean).toList();
    String first = lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("");
    if (first.startsWith("{") || first.startsWith("[")) {
      json(f, String.join("\n", lines), run);
    } else if (lines.stream().anyMatch(l -> PROFILE_HEADER.matcher(l).matches())) {
      profile(f, lines, run);
    } else if (lines.stream().anyMatch(l -> TCOUNT_HEADER.matcher(l).matches())) {
      counter(f, lines, run);
    } else {
      output(f, lines, run);
    }
  }

  private static String clean(String line) {
    return line.replaceAll("[\\r\\s]+$", "");
  }

  /** CLI output or hammerdb.log: the monitor's lines, one result per timed run. */
  private static void output(SourceFile f, List<String> lines, HammerdbRun run) {
    Integer rampup = null;
    Integer duration = null;
    Integer active = null;
    String failure = null;
    boolean sawMonitor = false;
    java.util.Set<String> workers =
        new java.util.HashSet<>(); // VUs 2..N seen since the last result
    List<HammerdbRun.CounterSample> counter = new ArrayList<>();
    int resultsBefore = run.results.size();
    java.util.Map<String, String> blocks = new java.util.LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      Matcher m;
      if (DRIVER_BLOCKS.contains(line.strip())) {
        // The driver scripts' summary (formats doc, 4.4): a heading, then one JSON value.
        int end = jsonEnd(lines, i + 1);
        blocks.put(line.strip(), String.join("\n", lines.subList(i + 1, end)));
        i = end - 1;
        continue;
      }
      if ((m = BANNER.matcher(line)).matches()) {
        run.hammerdbVersion = "v" + m.group(1);
        continue;
      }
      if ((m = JOBID.matcher(line)).matches()) {
        run.jobId = run.jobId == null ? m.group(1) : run.jobId;
        continue;
      }
      if ((m = VU_ERROR.matcher(line)).matches()) {
        failure = failure != null ? failure : "virtual user " + m.group(1) + ": " + m.group(2);
        continue;
      }
      if ((m = TCOUNT.matcher(line)).matches()) {
        counter.add(new HammerdbRun.CounterSample(Optional.empty(), Long.parseLong(m.group(1))));
        continue;
      }
      String text = line;
      if ((m = VUSER.matcher(line)).matches()) {
        text = m.group(2);
        if (text.equals("FINISHED FAILED")) {
          failure = failure != null ? failure : "virtual user " + m.group(1) + " FINISHED FAILED";
        }
        if (!m.group(1).equals("1")) {
          workers.add(m.group(1));
          continue;
        }
      }
      if ((m = DBVERSION.matcher(text)).matches()) {
        run.dbVersion = m.group(1).equals("NULL") ? run.dbVersion : m.group(1);
      } else if ((m = RAMPUP.matcher(text)).matches()) {
        if (sawMonitor) {
          run.results.add(
              new HammerdbRun.Result(
                  f.digest(),
                  i + 1,
                  activeOr(active, workers),
                  rampup,
                  duration,
                  null,
                  null,
                  null,
                  Optional.of(
                      failure != null ? failure : "no TEST RESULT before the next run began")));
          failure = null;
          active = null;
          duration = null;
        }
        sawMonitor = true;
        rampup = Integer.parseInt(m.group(1));
      } else if ((m = DURATION.matcher(text)).matches()) {
        sawMonitor = true;
        duration = Integer.parseInt(m.group(1));
      } else if ((m = ACTIVE.matcher(text)).matches()) {
        active = Integer.parseInt(m.group(1));
      } else if ((m = ACTIVE_ASYNC.matcher(text)).matches()) {
        active = Integer.parseInt(m.group(3));
      } else if ((m = RESULT.matcher(text)).find()) {
        long nopm = Long.parseLong(m.group("nopm") != null ? m.group("nopm") : m.group("nopm2"));
        long tpm = Long.parseLong(m.group("tpm") != null ? m.group("tpm") : m.group("tpm2"));
        String db = m.group("db") != null ? m.group("db") : m.group("db2");
        String problem = failure != null ? failure : nopm == 0 ? "the result is 0 NOPM" : null;
        run.results.add(
            new HammerdbRun.Result(
                f.digest(),
                i + 1,
                activeOr(active, workers),
                rampup,
                duration,
                nopm,
                tpm,
                db,
                Optional.ofNullable(problem)));
        sawMonitor = false;
        failure = null;
        active = null;
        workers.clear();
      } else if (text.startsWith("error, failed to query")) {
        failure = failure != null ? failure : "monitor: " + text;
      }
    }
    if (sawMonitor) {
      run.results.add(
          new HammerdbRun.Result(
              f.digest(),
              lines.size(),
              activeOr(active, workers),
              rampup,
              duration,
              null,
              null,
              null,
              Optional.of(
                  failure != null
                      ? failure
                      : "the output has no TEST RESULT (the run did not finish)")));
    }
    if (!counter.isEmpty()) {
      run.counters.add(counter);
    }
    boolean hadResult = run.results.size() > resultsBefore;
    blocks.forEach(
        (heading, json) -> {
          if (!heading.equals("HAMMERDB RESULT") || !hadResult) {
            json(f, json, run);
          }
        });
    if (run.results.isEmpty() && counter.isEmpty() && run.jobId == null) {
      throw BadInputException.at(
          f.name(),
          1,
          "not HammerDB output: no monitor lines (Vuser 1:…), TEST RESULT, time profile or counter log");
    }
  }

  private static final java.util.Set<String> DRIVER_BLOCKS =
      java.util.Set.of("TRANSACTION RESPONSE TIMES", "TRANSACTION COUNT", "HAMMERDB RESULT");

  /** The index after the JSON value that starts at {@code from}: where its brackets balance. */
  private static int jsonEnd(List<String> lines, int from) {
    int depth = 0;
    boolean started = false;
    boolean inString = false;
    for (int i = from; i < lines.size(); i++) {
      String l = lines.get(i);
      for (int c = 0; c < l.length(); c++) {
        char ch = l.charAt(c);
        if (inString) {
          if (ch == '\\') {
            c++;
          } else if (ch == '"') {
            inString = false;
          }
        } else if (ch == '"') {
          inString = true;
        } else if (ch == '{' || ch == '[') {
          depth++;
          started = true;
        } else if (ch == '}' || ch == ']') {
          depth--;
        }
      }
      if (started && depth == 0) {
        return i + 1;
      }
    }
    return lines.size();
  }

  /** The monitor's count, else the worker VUs that printed anything (a run that never reported). */
  private static Integer activeOr(Integer active, java.util.Set<String> workers) {
    return active != null ? active : workers.isEmpty() ? null : workers.size();
  }

  /** hdbxtprofile.log: keep each report's SUMMARY block (the per-VU blocks are its parts). */
  private static void profile(SourceFile f, List<String> lines, HammerdbRun run) {
    Integer k = null;
    List<TransactionTiming> procs = new ArrayList<>();
    String proc = null;
    long[] calls = null;
    double[] first = null;
    boolean inSummary = false;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      Matcher m;
      if (line.isEmpty() || SEPARATOR.matcher(line).matches()) {
        continue;
      }
      if ((m = PROFILE_HEADER.matcher(line)).matches()) {
        if (inSummary && k != null) {
          run.profiles.add(new HammerdbRun.Profile(k, List.copyOf(procs)));
        }
        inSummary = false;
        procs.clear();
        if (run.startedAt == null) {
          clock(m.group(2)).ifPresent(t -> run.startedAt = t);
        }
      } else if ((m = SUMMARY.matcher(line)).matches()) {
        inSummary = true;
        k = Integer.parseInt(m.group(1));
        procs.clear();
      } else if (VU_BLOCK.matcher(line).matches()) {
        inSummary = false;
      } else if ((m = PROC.matcher(line)).matches()) {
        proc = m.group(1);
      } else if ((m = CALLS.matcher(line)).matches()) {
        calls = new long[] {Long.parseLong(m.group(1))};
        first =
            new double[] {
              num(f, i, m.group(2)),
              num(f, i, m.group(3)),
              num(f, i, m.group(4)),
              num(f, i, m.group(5))
            };
      } else if ((m = PCTS.matcher(line)).matches()) {
        if (proc == null || calls == null) {
          throw f.error(i, "a percentile line without its PROC and CALLS lines");
        }
        if (inSummary) {
          procs.add(
              new TransactionTiming(
                  proc,
                  calls[0],
                  first[0],
                  first[1],
                  first[2],
                  first[3],
                  num(f, i, m.group("p50")),
                  num(f, i, m.group("p95")),
                  num(f, i, m.group("p99")),
                  num(f, i, m.group("sd")),
                  num(f, i, m.group("ratio")),
                  "ms",
                  m.group("sdms") != null ? "ms" : "clicks"));
        }
        calls = null;
      } else {
        throw f.error(
            i, "expected a time profile line (>>>>> PROC:, CALLS:, P99:), found '" + line + "'");
      }
    }
    if (inSummary && k != null) {
      run.profiles.add(new HammerdbRun.Profile(k, List.copyOf(procs)));
    }
    if (run.profiles.isEmpty()) {
      throw f.error(
          lines.size() - 1, "the time profile has no SUMMARY OF k ACTIVE VIRTUAL USERS block");
    }
  }

  /** hdbtcount.log: one series per log header. */
  private static void counter(SourceFile f, List<String> lines, HammerdbRun run) {
    List<HammerdbRun.CounterSample> series = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      Matcher m;
      if (line.isEmpty() || SEPARATOR.matcher(line).matches()) {
        continue;
      }
      if (TCOUNT_HEADER.matcher(line).matches()) {
        series = new ArrayList<>();
        run.counters.add(series);
      } else if ((m = TCOUNT.matcher(line)).matches()) {
        if (series == null) {
          series = new ArrayList<>();
          run.counters.add(series);
        }
        series.add(
            new HammerdbRun.CounterSample(
                m.group(3) == null ? Optional.empty() : clock(m.group(3)),
                Long.parseLong(m.group(1))));
      } else {
        throw f.error(i, "expected a counter line (N MariaDB tpm [@ time]), found '" + line + "'");
      }
    }
  }

  private static void json(SourceFile f, String text, HammerdbRun run) {
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (IOException e) {
      throw BadInputException.at(
          f.name(), 1, "not JSON: " + e.getMessage().lines().findFirst().orElse(""));
    }
    if (root.has("job") && root.has("result")) {
      savedReport(f, root, run);
    } else if (root.isArray()) {
      resultArray(f, root, run);
    } else if (root.isObject()
        && root.size() > 0
        && root.fields().next().getKey().matches(".* (tpm|qph)")) {
      tcountJson(root, run);
    } else if (root.isObject()
        && root.fields().hasNext()
        && root.fields().next().getValue().has("calls")) {
      run.profiles.add(new HammerdbRun.Profile(0, timingRows(root.fields())));
    } else {
      throw BadInputException.at(
          f.name(),
          1,
          "JSON that is neither a HammerDB job result, timing, tcount nor saved job report");
    }
  }

  private static void resultArray(SourceFile f, JsonNode root, HammerdbRun run) {
    List<String> items = new ArrayList<>();
    root.forEach(n -> items.add(n.asText()));
    if (items.isEmpty()) {
      throw BadInputException.at(f.name(), 1, "an empty JSON array");
    }
    run.jobId = run.jobId == null ? items.get(0) : run.jobId;
    Integer active = null;
    for (String item : items) {
      Matcher m = ACTIVE.matcher(item);
      if (m.matches()) {
        active = Integer.parseInt(m.group(1));
      }
      Matcher a = ACTIVE_ASYNC.matcher(item);
      if (a.matches()) {
        active = Integer.parseInt(a.group(3));
      }
      Matcher r = RESULT.matcher(item);
      if (r.find()) {
        long nopm = Long.parseLong(r.group("nopm") != null ? r.group("nopm") : r.group("nopm2"));
        long tpm = Long.parseLong(r.group("tpm") != null ? r.group("tpm") : r.group("tpm2"));
        run.results.add(
            new HammerdbRun.Result(
                f.digest(),
                1,
                active,
                null,
                null,
                nopm,
                tpm,
                r.group("db") != null ? r.group("db") : r.group("db2"),
                nopm == 0 ? Optional.of("the result is 0 NOPM") : Optional.empty()));
        return;
      }
      if (item.equals("Jobid has no test result")) {
        run.results.add(
            new HammerdbRun.Result(
                f.digest(),
                1,
                active,
                null,
                null,
                null,
                null,
                null,
                Optional.of("the job has no test result")));
        return;
      }
    }
    throw BadInputException.at(f.name(), 1, "a JSON array without a TEST RESULT");
  }

  private static void tcountJson(JsonNode root, HammerdbRun run) {
    JsonNode series = root.fields().next().getValue();
    List<HammerdbRun.CounterSample> samples = new ArrayList<>();
    Iterator<Map.Entry<String, JsonNode>> it = series.fields();
    while (it.hasNext()) {
      var e = it.next();
      boolean keyIsTime = e.getKey().matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d");
      String time = keyIsTime ? e.getKey() : e.getValue().asText();
      String value = keyIsTime ? e.getValue().asText() : e.getKey();
      samples.add(new HammerdbRun.CounterSample(sqlite(time), (long) Double.parseDouble(value)));
    }
    run.counters.add(samples);
  }

  private static List<TransactionTiming> timingRows(Iterator<Map.Entry<String, JsonNode>> rows) {
    List<TransactionTiming> out = new ArrayList<>();
    while (rows.hasNext()) {
      var e = rows.next();
      out.add(timing(e.getKey(), e.getValue(), "clicks"));
    }
    return out;
  }

  private static TransactionTiming timing(String name, JsonNode n, String sdUnit) {
    return new TransactionTiming(
        name,
        (long) n.path("calls").asDouble(),
        n.path("min_ms").asDouble(),
        n.path("avg_ms").asDouble(),
        n.path("max_ms").asDouble(),
        n.path("total_ms").asDouble(),
        n.path("p50_ms").asDouble(),
        n.path("p95_ms").asDouble(),
        n.path("p99_ms").asDouble(),
        n.path("sd").asDouble(),
        n.path("ratio_pct").asDouble(),
        "ms",
        sdUnit);
  }

  /** v6.0's {@code jobs JOBID save} report: real JSON types. */
  private static void savedReport(SourceFile f, JsonNode root, HammerdbRun run) {
    JsonNode job = root.path("job");
    run.jobId = job.path("jobid").asText(null);
    run.hammerdbVersion = job.path("hdb_version").asText(null);
    run.dbVersion = job.path("release").asText(null);
    JsonNode config = root.path("benchmark_config");
    if (config.has("warehouses")) {
      run.warehouses = config.path("warehouses").asInt();
    }
    JsonNode result = root.path("result");
    Long nopm = result.has("nopm") ? result.path("nopm").asLong() : null;
    Long tpm = result.has("tpm") ? result.path("tpm").asLong() : null;
    Integer active =
        result.has("active_virtual_users")
            ? result.path("active_virtual_users").asInt()
            : config.has("virtual_users") ? config.path("virtual_users").asInt() : null;
    run.results.add(
        new HammerdbRun.Result(
            f.digest(),
            1,
            active,
            config.has("rampup_minutes") ? config.path("rampup_minutes").asInt() : null,
            config.has("duration_minutes") ? config.path("duration_minutes").asInt() : null,
            nopm,
            tpm,
            job.path("database_display").asText(job.path("database").asText("MariaDB")),
            nopm == null
                ? Optional.of("the report has no result")
                : nopm == 0 ? Optional.of("the result is 0 NOPM") : Optional.empty()));
    List<TransactionTiming> rows = new ArrayList<>();
    root.path("response_times")
        .path("rows")
        .forEach(r -> rows.add(timing(r.path("name").asText(), r, "ms")));
    if (!rows.isEmpty()) {
      run.profiles.add(new HammerdbRun.Profile(active == null ? 0 : active, rows));
    }
    for (JsonNode s : root.path("transaction_count").path("series")) {
      List<HammerdbRun.CounterSample> samples = new ArrayList<>();
      s.path("points")
          .forEach(
              p ->
                  samples.add(
                      new HammerdbRun.CounterSample(
                          sqlite(p.path("timestamp").asText()), p.path("value").asLong())));
      run.counters.add(samples);
    }
  }

  private static double num(SourceFile f, int line, String text) {
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw f.error(line, "expected a number, found '" + text + "'");
    }
  }

  /**
   * Tcl's clock format: Mon Apr 14 13:18:31 BST 2025 (local time; the zone is taken at its word).
   */
  static Optional<Instant> clock(String text) {
    try {
      return Optional.of(java.time.ZonedDateTime.parse(text.trim(), CLOCK).toInstant());
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  /** SQLite's local time without zone, read as UTC. */
  static Optional<Instant> sqlite(String text) {
    try {
      return Optional.of(
          LocalDateTime.parse(text.trim().replace('T', ' '), SQLITE).toInstant(ZoneOffset.UTC));
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }
}
