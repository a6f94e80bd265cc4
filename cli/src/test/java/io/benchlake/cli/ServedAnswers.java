package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the warehouse serves at one moment, to compare before and after `ingest --rebuild`: every
 * view's rows (all but the ingest sequence, which a rebuild renumbers) and the answers of trend,
 * report and changes over ImportIdentityIT's histories, exit code and all.
 */
final class ServedAnswers {
  private ServedAnswers() {}

  private static final List<String> VIEWS =
      List.of(
          "runs",
          "iterations",
          "samples",
          "timings",
          "environments",
          "thread_stats",
          "comparison",
          "run_series",
          "monthly",
          "releases",
          "retractions",
          "retracted_runs",
          "annotations",
          "source_statistics",
          "left_out",
          "config_diff");

  /** A result that ends each view's rows in the output of one `sql --file` of them all. */
  private static final String END = "end_of_view";

  static Map<String, String> now() throws Exception {
    Map<String, String> out = new TreeMap<>(viewRows());
    List<String[]> answers = new ArrayList<>();
    answers.add(trend("TPROC-C", "8", "NOPM"));
    answers.add(trend("AB_RW", "8", "TPS"));
    answers.add(trend("OLTP_RW", "4", "TPS"));
    answers.add(
        new String[] {"report", "--test", "TPROC-C", "--metric", "NOPM", "--format", "json"});
    answers.add(
        new String[] {"report", "--test", "OLTP_RO", "--metric", "TPS", "--format", "json"});
    answers.add(changes("TPROC-C", "8", "NOPM", "tb-small"));
    String abOn =
        ImportIdentityIT.sql("select distinct series from run_series where dataset = 'AHI ON'");
    if (!abOn.isEmpty()) {
      answers.add(changes("AB_RW", "8", "TPS", abOn));
    }
    for (String[] a : answers) {
      CliRunner.Run r = CliRunner.run(a);
      out.put(String.join(" ", a), r.exit() + "\n" + r.out() + r.err());
    }
    return out;
  }

  /**
   * Every view's rows as CSV without its header (as {@code ImportIdentityIT.sql} gives them), read
   * by one `sql --file` (one session for all the views, not one each).
   */
  private static Map<String, String> viewRows() throws Exception {
    StringBuilder script = new StringBuilder();
    for (String v : VIEWS) {
      script
          .append("select columns(lambda c: c <> 'ingest_seq') from ")
          .append(v)
          .append(" order by all;\nselect '")
          .append(END)
          .append("' as boundary;\n");
    }
    Path file = Files.createTempFile(TestDirs.fresh("served-answers"), "views", ".sql");
    Files.writeString(file, script);
    CliRunner.Run r = CliRunner.run("sql", "--file", file.toString(), "--format", "csv");
    ImportRoundTripIT.ok(r);
    Map<String, String> out = new TreeMap<>();
    List<String> block = new ArrayList<>();
    int view = 0;
    for (String line : r.out().lines().toList()) {
      if (line.equals(END)) {
        // the block: its header, its rows, a blank line, then the boundary's header
        List<String> rows = block.subList(1, block.size() - 2);
        out.put(VIEWS.get(view++), String.join("\n", rows));
        block.clear();
      } else if (!(block.isEmpty() && line.isEmpty())) {
        block.add(line);
      }
    }
    assertEquals(VIEWS.size(), view, r.out());
    return out;
  }

  private static String[] trend(String test, String threads, String metric) {
    return new String[] {
      "trend", "--test", test, "--threads", threads, "--metric", metric, "--format", "json"
    };
  }

  private static String[] changes(String test, String threads, String metric, String testbed) {
    return new String[] {
      "changes",
      "--test",
      test,
      "--threads",
      threads,
      "--metric",
      metric,
      "--testbed",
      testbed,
      "--format",
      "json"
    };
  }
}
