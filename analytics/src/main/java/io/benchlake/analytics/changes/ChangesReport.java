package io.benchlake.analytics.changes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.benchlake.analytics.report.MarkdownReport;
import io.benchlake.analytics.report.ReportTables;
import io.benchlake.changepoints.Detector;
import io.benchlake.changepoints.Releases;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Renders change points as text, Markdown or JSON ("benchlake.changes/1"), each with its evidence:
 * the levels on either side, the change with its 95% confidence interval, the p-value, the points
 * compared and the noise; then the trends, the outliers and the season, and the method with its
 * parameters, so a reader sees why each change was reported; and the markers, where the runs'
 * config or tool changed (a step there may be that change, not the server's).
 */
public final class ChangesReport {
  public static final String FORMAT = "benchlake.changes/1";

  private ChangesReport() {}

  private static List<List<String>> rows(ChangesQuery.Result r) {
    List<List<String>> rows = new ArrayList<>();
    rows.add(
        List.of(
            "Point",
            "Run started",
            "Version",
            "Dataset",
            "Level before",
            "Level after",
            "Change (%)",
            "95% CI (%)",
            "p-value",
            "Test",
            "Points compared",
            "Noise"));
    for (Detector.Change c : r.changes()) {
      ChangesQuery.Run run = r.runs().get(c.index());
      rows.add(
          List.of(
              String.valueOf(c.index() + 1),
              run.startedAt(),
              run.version() == null ? "" : run.version(),
              run.dataset() == null ? "" : run.dataset(),
              number(c.levelBefore(), 3),
              number(c.levelAfter(), 3),
              number(c.changePct(), 2),
              Double.isNaN(c.ciLowPct())
                  ? ""
                  : number(c.ciLowPct(), 2) + " to " + number(c.ciHighPct(), 2),
              io.benchlake.analytics.query.NumberText.pValue(c.pValue()),
              test(c),
              (c.from() + 1) + "-" + c.to(),
              number(c.noise(), 3)));
    }
    return rows;
  }

  /** The test a change was kept by, with the autocorrelation it allowed for. */
  private static String test(Detector.Change c) {
    return Double.isFinite(c.autocorrelation())
        ? c.test().key() + ", autocorrelation " + number(c.autocorrelation(), 2)
        : c.test().key();
  }

  private static String number(double v, int decimals) {
    return Double.isFinite(v) ? ReportTables.number(v, decimals) : "";
  }

  private static String heading(ChangesQuery.Result r) {
    return String.format(
        Locale.ROOT,
        "Change points of %s, %s at %d threads on %s, ordered by %s: %d runs, %d change%s",
        r.metric(),
        r.test(),
        r.threads(),
        r.host(),
        r.by(),
        r.runs().size(),
        r.changes().size(),
        r.changes().size() == 1 ? "" : "s");
  }

  /** The method and the noise, then one line per trend, outlier and season. */
  private static List<String> notes(ChangesQuery.Result r) {
    List<String> out = new ArrayList<>();
    Detector.Result f = r.found();
    out.add("Method: " + r.method().label() + " (" + r.parameters() + ")");
    r.changes().stream()
        .map(Detector.Change::test)
        .distinct()
        .sorted()
        .forEach(t -> out.add("Test " + t.key() + ": " + t.description()));
    if (Double.isFinite(f.noise())) {
      out.add(
          "Noise: run-to-run sigma "
              + number(f.noise(), 3)
              + " (MAD of "
              + (r.betweenReleases()
                  ? "the differences between runs of one release, or of all the first differences"
                      + " where there are fewer than "
                      + Releases.NOISE_DIFFERENCES_WITHIN
                  : "the first differences of the run means")
              + (r.betweenReleases()
                  ? "; the test of a change takes the spread of the runs around their release's"
                      + " level when that is larger)"
                  : "; the test of a change takes the spread around its two segments when that is"
                      + " larger)"));
    }
    for (TrendRate t : TrendRate.of(r)) {
      out.add(
          String.format(
              Locale.ROOT,
              "Trend: points %d-%d, %s%% per %s (%s%% per run), p-value %.2e",
              t.trend().from() + 1,
              t.trend().to(),
              signed(t.pctPerUnit()),
              t.unit(),
              signed(t.trend().pctPerPoint()),
              t.trend().pValue()));
    }
    for (Detector.Outlier o : f.outliers()) {
      ChangesQuery.Run run = r.runs().get(o.index());
      out.add(
          String.format(
              Locale.ROOT,
              "Outlier: point %d (run %s, %s): %s against %s from its neighbours, %s%%; left out"
                  + " of the steps",
              o.index() + 1,
              run.runId(),
              run.startedAt(),
              number(o.value(), 3),
              number(o.expected(), 3),
              signed(o.deviationPct())));
    }
    for (RunMarkers.Marker m : r.markers()) {
      ChangesQuery.Run run = r.runs().get(m.index());
      out.add(
          String.format(
              Locale.ROOT,
              "Marker: point %d (run %s, %s): %s",
              m.index() + 1,
              run.runId(),
              run.startedAt(),
              m.text()));
    }
    if (f.season() != null) {
      out.add(
          String.format(
              Locale.ROOT,
              "Season: a pattern repeating every %s runs, %s from low to high (p-value %.2e);"
                  + " the levels above are of the history with it taken out",
              Detector.Season.length(f.season().period()),
              number(f.season().amplitude(), 3),
              f.season().pValue()));
    }
    return out;
  }

  private static String signed(double v) {
    return (v > 0 ? "+" : "") + number(v, 2);
  }

  public static String text(ChangesQuery.Result r) {
    StringBuilder b = new StringBuilder(heading(r)).append("\n\n");
    rows(r).forEach(row -> b.append(String.join("\t", row)).append('\n'));
    b.append('\n');
    notes(r).forEach(n -> b.append(n).append('\n'));
    return b.toString();
  }

  public static String markdown(ChangesQuery.Result r) {
    StringBuilder b =
        new StringBuilder("## ").append(MarkdownReport.cell(heading(r))).append("\n\n");
    b.append(MarkdownReport.table(rows(r))).append('\n');
    notes(r).forEach(n -> b.append("- ").append(MarkdownReport.cell(n)).append('\n'));
    return b.toString();
  }

  public static String json(ChangesQuery.Result r) {
    try {
      return new ObjectMapper()
              .enable(SerializationFeature.INDENT_OUTPUT)
              .writeValueAsString(ChangesJson.of(r))
          + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
