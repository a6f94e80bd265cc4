package io.benchlake.analytics.report;

import io.benchlake.analytics.query.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The tables of a comparison report as rows of cells, the same for every format: the first row is
 * the header. Numbers are rounded here, once, as the TAF reports round them.
 */
public final class ReportTables {
  private ReportTables() {}

  /** Threads, then each dataset's mean at 3 decimals. */
  public static List<List<String>> comparison(ComparisonReport r) {
    return comparison(r, false);
  }

  /**
   * As above; {@code marked}: a mean over an unstable iteration ends in {@link #UNSTABLE} (md and
   * html; the text report keeps the TAF cells).
   */
  public static List<List<String>> comparison(ComparisonReport r, boolean marked) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(row("Threads", r.datasets()));
    for (int threads : r.threads()) {
      List<String> cells = new ArrayList<>();
      for (String d : r.datasets()) {
        String mean = r.at(d, threads).map(s -> s.cell("mean", s.mean(), 3)).orElse("");
        boolean unstable = marked && !r.unstableIterations(d, threads).isEmpty();
        cells.add(unstable ? mean + UNSTABLE : mean);
      }
      rows.add(row(String.valueOf(threads), cells));
    }
    return rows;
  }

  /** Threads, then each dataset's change from the baseline in percent; empty without one. */
  public static List<List<String>> changes(ComparisonReport r) {
    List<List<String>> rows = new ArrayList<>();
    if (r.baseline().isEmpty()) {
      return rows;
    }
    rows.add(row("Threads", r.datasets()));
    for (int threads : r.threads()) {
      List<String> cells = new ArrayList<>();
      for (String d : r.datasets()) {
        if (d.equals(r.baseline().get())) {
          cells.add("baseline");
        } else {
          var change = r.changePct(d, threads);
          cells.add(change.isPresent() ? signed(change.getAsDouble()) : "");
        }
      }
      rows.add(row(String.valueOf(threads), cells));
    }
    return rows;
  }

  /** Property, then each dataset's value on one line. */
  public static List<List<String>> properties(List<String> datasets, PropertyTable table) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(row("Property", datasets));
    for (String name : table.names()) {
      rows.add(row(name, datasets.stream().map(d -> flat(table.value(d, name))).toList()));
    }
    return rows;
  }

  /** The statistics of one thread count: Mean … Skewness, then one row per iteration. */
  public static List<List<String>> metrics(ComparisonReport r, int threads) {
    return metrics(r, threads, false);
  }

  /** As above; {@code marked}: an unstable iteration's value ends in {@link #UNSTABLE}. */
  public static List<List<String>> metrics(ComparisonReport r, int threads, boolean marked) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(row("Metric", r.datasets()));
    rows.add(row("Mean", cells(r, threads, s -> s.cell("mean", s.mean(), 2))));
    rows.add(row("Max", cells(r, threads, s -> s.cell("max", s.max(), 2))));
    rows.add(row("Min", cells(r, threads, s -> s.cell("min", s.min(), 2))));
    rows.add(row("StdDev", cells(r, threads, s -> s.cell("stddev", s.stddev(), 2))));
    rows.add(row("CoV", cells(r, threads, s -> s.cov() == null ? "" : s.cell("cov", s.cov(), 2))));
    rows.add(row("Median (p50)", cells(r, threads, s -> s.cell("median", s.median(), 2))));
    rows.add(row("p95", cells(r, threads, s -> s.cell("p95", s.p95(), 2))));
    rows.add(row("p99", cells(r, threads, s -> s.cell("p99", s.p99(), 2))));
    rows.add(row("Skewness", cells(r, threads, s -> s.cell("skewness", s.skewness(), 2))));
    // Each iteration in the row of its own number: one an annotation excluded says so there,
    // and the ones after it stay where they are.
    for (int k = 1; k <= r.iterationRows(threads); k++) {
      int number = k;
      List<String> cells = new ArrayList<>();
      for (String d : r.datasets()) {
        Double value = r.at(d, threads).map(s -> s.iteration(number)).orElse(null);
        boolean unstable = marked && r.unstableIterations(d, threads).contains(number);
        cells.add(
            value != null
                ? number(value, 2) + (unstable ? UNSTABLE : "")
                : r.isLeftOut(d, threads, number) ? EXCLUDED : "");
      }
      rows.add(row("Iteration " + k, cells));
    }
    return rows;
  }

  /** What differs between the datasets besides the version; only the header when nothing does. */
  public static List<List<String>> differences(ComparisonReport r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(row("Difference", r.datasets()));
    for (Difference d : r.differences()) {
      rows.add(
          row(
              d.section() + ": " + d.name(),
              r.datasets().stream().map(ds -> flat(d.values().get(ds))).toList()));
    }
    return rows;
  }

  /** The iterations left out by annotations: dataset, thread count, iteration, reason. */
  public static List<List<String>> leftOut(ComparisonReport r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(List.of("Dataset", "Threads", "Iteration", "Reason"));
    for (LeftOut o : r.leftOut()) {
      rows.add(
          List.of(
              o.dataset(), String.valueOf(o.threads()), String.valueOf(o.iteration()), o.reason()));
    }
    return rows;
  }

  /** The heading of the Stability block. */
  public static final String STABILITY = "Stability";

  /** What marks an unstable iteration's value, and a mean over one, in md and html reports. */
  public static final String UNSTABLE = " †";

  /**
   * Threads, dataset, the iterations checked, the highest interval CoV among them, and the cell's
   * stability in words; empty without the stability or when no iteration was checked. Each row
   * starts with its thread count, so no row reads as a TAF "Thread Count: N" title.
   */
  public static List<List<String>> stability(ComparisonReport r) {
    List<List<String>> rows = new ArrayList<>();
    if (r.stability().isEmpty() || !r.stability().get().anyChecked()) {
      return rows;
    }
    ReportStability s = r.stability().get();
    rows.add(List.of("Threads", "Dataset", "Checked", "Highest interval CoV %", "Stability"));
    for (int threads : r.threads()) {
      for (String d : r.datasets()) {
        if (r.at(d, threads).isEmpty()) {
          continue;
        }
        var verdicts = s.at(d, threads);
        long checked = verdicts.stream().filter(v -> v.checked()).count();
        double cov =
            verdicts.stream()
                .filter(v -> v.checked())
                .mapToDouble(v -> v.covPct())
                .max()
                .orElse(Double.NaN);
        rows.add(
            List.of(
                String.valueOf(threads),
                d,
                checked + " of " + verdicts.size(),
                Double.isNaN(cov) ? "" : number(cov, 2),
                flat(s.describe(d, threads))));
      }
    }
    return rows;
  }

  /**
   * The lines under the Stability table: what the mark means and the thresholds; one line saying
   * nothing was checked when no iteration had enough intervals. Empty without the stability.
   */
  public static List<String> stabilityNotes(ComparisonReport r, boolean marked) {
    if (r.stability().isEmpty()) {
      return List.of();
    }
    ReportStability s = r.stability().get();
    List<String> notes = new ArrayList<>();
    if (!s.anyChecked()) {
      notes.add(
          "Not checked: no iteration of these runs has "
              + s.thresholds().minIntervals()
              + " measured report intervals (an imported report has none).");
      return notes;
    }
    if (marked) {
      notes.add(UNSTABLE.strip() + " marks an unstable iteration's value, and a mean over one.");
    }
    notes.add(
        "Checked on each iteration's measured report intervals (partial first and last ones left"
            + " out): "
            + s.thresholds().describe()
            + " (alerts.yaml).");
    return notes;
  }

  /** The heading of each dataset's peak on the ladder. */
  public static final String PEAKS = "Peak per dataset";

  /** "DATASET: peak 8,735 NOPM at 16 VUs", one per dataset; none where lower is better. */
  public static List<String> peakLines(ComparisonReport r) {
    return Peak.of(r).stream()
        .map(p -> p.dataset() + ": " + p.describe(r.metric(), r.test()))
        .toList();
  }

  /** The cell of an iteration an annotation excluded (import taf-report reads it as no value). */
  public static final String EXCLUDED = "excluded";

  /**
   * The sentence that says where a source report's printed statistics were set aside for ones
   * computed from the iterations (an iteration there is excluded); empty when nowhere.
   */
  public static String computedNote(ComparisonReport r) {
    List<String> where = r.computedInsteadOfPrinted();
    return where.isEmpty()
        ? ""
        : "Statistics computed from the iterations, not as the source report printed them (an"
            + " iteration is excluded): "
            + String.join(", ", where);
  }

  /** The heading of the left-out table. */
  public static final String LEFT_OUT = "Left out of the statistics (benchlake annotate)";

  private static List<String> cells(
      ComparisonReport r, int threads, Function<ThreadStatistics, String> cell) {
    return r.datasets().stream().map(d -> r.at(d, threads).map(cell).orElse("")).toList();
  }

  private static List<String> row(String first, List<String> cells) {
    List<String> row = new ArrayList<>();
    row.add(first);
    row.addAll(cells);
    return row;
  }

  /** A value on one line: the tables flatten multi-line values such as a cnf. */
  static String flat(String value) {
    if (value == null) {
      return "";
    }
    return String.join(" ", value.lines().map(String::strip).filter(l -> !l.isEmpty()).toList())
        .replace('\t', ' ');
  }

  static String signed(double pct) {
    String n = number(pct, 2);
    return (pct > 0 && !n.equals("0.00") ? "+" : "") + n;
  }

  /** A value at a number of decimals, as {@link NumberText#fixed} prints it. */
  public static String number(double value, int decimals) {
    return NumberText.fixed(value, decimals);
  }
}
