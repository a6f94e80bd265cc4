package io.benchlake.cli;

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

  static Map<String, String> now() {
    Map<String, String> out = new TreeMap<>();
    for (String v : VIEWS) {
      out.put(
          v,
          ImportIdentityIT.sql(
              "select columns(lambda c: c <> 'ingest_seq') from " + v + " order by all"));
    }
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
