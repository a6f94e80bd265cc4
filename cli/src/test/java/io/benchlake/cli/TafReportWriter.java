package io.benchlake.cli;

import io.benchlake.analytics.query.NumberText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Writes TAF comparison reports as TAF prints them: statistics computed from the exact iteration
 * values (docs/architecture.md, Statistics), then everything rounded, the Comparison means at 3
 * decimals and the Thread Count tables at 2. The property sections come from a real report, so a
 * variant differs from it in its metric, title and numbers only.
 */
record TafReportWriter(
    List<String> title,
    String metric,
    List<String> datasets,
    String propertySections,
    Map<Integer, Map<String, double[]>> values) {

  /** A report over {@code template}'s datasets and property sections with random values. */
  static TafReportWriter over(
      Path template,
      List<String> title,
      String metric,
      long seed,
      double scale,
      double noise,
      int iterations)
      throws Exception {
    List<String> lines = Files.readAllLines(template);
    int header = indexOf(lines, "Threads\t");
    String[] head = lines.get(header).split("\t");
    List<String> datasets = List.of(head).subList(1, head.length);
    List<Integer> threads = new ArrayList<>();
    for (int i = header + 1; !lines.get(i).isBlank(); i++) {
      threads.add(Integer.parseInt(lines.get(i).split("\t")[0]));
    }
    int from = lines.indexOf("System Info (per dataset)");
    int to = indexOf(lines, "Thread Count: ");
    Random random = new Random(seed);
    Map<Integer, Map<String, double[]>> values = new LinkedHashMap<>();
    for (int t : threads) {
      Map<String, double[]> perDataset = new LinkedHashMap<>();
      for (String d : datasets) {
        double[] xs = new double[iterations];
        for (int k = 0; k < iterations; k++) {
          xs[k] =
              scale * (1 + 0.3 * Math.log(t)) * (1 + noise * (2 * random.nextDouble() - 1))
                  + random.nextDouble() / 1000;
        }
        perDataset.put(d, xs);
      }
      values.put(t, perDataset);
    }
    return new TafReportWriter(
        title, metric, datasets, String.join("\n", lines.subList(from, to)) + "\n", values);
  }

  private static int indexOf(List<String> lines, String prefix) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i;
      }
    }
    throw new IllegalArgumentException("no line " + prefix);
  }

  /** The same report with one dataset's last iterations left out at every thread count. */
  TafReportWriter fewer(String dataset, int iterations) {
    Map<Integer, Map<String, double[]>> cut = new LinkedHashMap<>();
    values.forEach(
        (t, perDataset) -> {
          Map<String, double[]> copy = new LinkedHashMap<>(perDataset);
          copy.put(dataset, Arrays.copyOf(perDataset.get(dataset), iterations));
          cut.put(t, copy);
        });
    return new TafReportWriter(title, metric, datasets, propertySections, cut);
  }

  String text() {
    StringBuilder out = new StringBuilder();
    title.forEach(l -> out.append(l).append("\n\n"));
    out.append("Comparison: ").append(metric).append("\n\n");
    out.append("Threads\t").append(String.join("\t", datasets)).append('\n');
    values.forEach(
        (t, perDataset) -> {
          out.append(t);
          datasets.forEach(d -> out.append('\t').append(fixed(stats(perDataset.get(d))[0], 3)));
          out.append('\n');
        });
    out.append('\n').append(propertySections);
    String[] names = {
      "Mean", "Max", "Min", "StdDev", "CoV", "Median (p50)", "p95", "p99", "Skewness"
    };
    values.forEach(
        (t, perDataset) -> {
          out.append("Thread Count: ").append(t).append("\n\n");
          out.append("Metric\t").append(String.join("\t", datasets)).append('\n');
          for (int s = 0; s < names.length; s++) {
            out.append(names[s]);
            for (String d : datasets) {
              out.append('\t').append(fixed(stats(perDataset.get(d))[s], 2));
            }
            out.append('\n');
          }
          int rows = perDataset.values().stream().mapToInt(xs -> xs.length).max().orElse(0);
          for (int k = 0; k < rows; k++) {
            out.append("Iteration ").append(k + 1);
            for (String d : datasets) {
              double[] xs = perDataset.get(d);
              out.append('\t').append(k < xs.length ? fixed(xs[k], 2) : "");
            }
            out.append('\n');
          }
          out.append('\n');
        });
    return out.toString();
  }

  /** Mean, max, min, population StdDev, CoV, R-7 median, p95, p99, skewness g1. */
  static double[] stats(double[] xs) {
    int n = xs.length;
    double mean = Arrays.stream(xs).sum() / n;
    double m2 = Arrays.stream(xs).map(x -> Math.pow(x - mean, 2)).sum() / n;
    double m3 = Arrays.stream(xs).map(x -> Math.pow(x - mean, 3)).sum() / n;
    double sd = Math.sqrt(m2);
    double skew = sd <= 1e-12 * Math.max(1, Math.abs(mean)) ? 0 : m3 / Math.pow(m2, 1.5);
    return new double[] {
      mean,
      Arrays.stream(xs).max().orElseThrow(),
      Arrays.stream(xs).min().orElseThrow(),
      sd,
      sd / mean,
      r7(xs, 0.5),
      r7(xs, 0.95),
      r7(xs, 0.99),
      skew
    };
  }

  private static double r7(double[] xs, double p) {
    double[] s = xs.clone();
    Arrays.sort(s);
    double h = (s.length - 1) * p;
    int lo = (int) Math.floor(h);
    return lo + 1 >= s.length ? s[lo] : s[lo] + (s[lo + 1] - s[lo]) * (h - lo);
  }

  private static String fixed(double value, int decimals) {
    return NumberText.fixed(value, decimals);
  }
}
