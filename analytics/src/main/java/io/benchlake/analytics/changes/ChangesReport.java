package io.benchlake.analytics.changes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.benchlake.analytics.report.ReportTables;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders change points as text, Markdown or JSON ("benchlake.changes/1"). */
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
            "Mean before",
            "Mean after",
            "Change (%)",
            "p-value"));
    for (ChangePoints.Change c : r.changes()) {
      ChangesQuery.Run run = r.runs().get(c.index());
      rows.add(
          List.of(
              String.valueOf(c.index() + 1),
              run.startedAt(),
              run.version() == null ? "" : run.version(),
              run.dataset() == null ? "" : run.dataset(),
              ReportTables.number(c.meanBefore(), 3),
              ReportTables.number(c.meanAfter(), 3),
              ReportTables.number(c.changePct(), 2),
              io.benchlake.analytics.query.NumberText.pValue(c.pValue())));
    }
    return rows;
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

  public static String text(ChangesQuery.Result r) {
    StringBuilder b = new StringBuilder(heading(r)).append("\n\n");
    rows(r).forEach(row -> b.append(String.join("\t", row)).append('\n'));
    return b.toString();
  }

  public static String markdown(ChangesQuery.Result r) {
    StringBuilder b =
        new StringBuilder("## ")
            .append(io.benchlake.analytics.report.MarkdownReport.cell(heading(r)))
            .append("\n\n");
    b.append(io.benchlake.analytics.report.MarkdownReport.table(rows(r)));
    return b.toString();
  }

  public static String json(ChangesQuery.Result r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("format", FORMAT);
    m.put("test", r.test());
    m.put("threads", r.threads());
    m.put("metric", r.metric());
    m.put("by", r.by());
    m.put("host", r.host());
    m.put("runs", r.runs().size());
    List<Map<String, Object>> changes = new ArrayList<>();
    for (ChangePoints.Change c : r.changes()) {
      ChangesQuery.Run run = r.runs().get(c.index());
      Map<String, Object> cm = new LinkedHashMap<>();
      cm.put("point", c.index() + 1);
      cm.put("run_id", run.runId());
      cm.put("started_at", run.startedAt());
      cm.put("version", run.version());
      cm.put("dataset", run.dataset());
      cm.put("mean_before", c.meanBefore());
      cm.put("mean_after", c.meanAfter());
      cm.put("change_pct", c.changePct());
      cm.put("p_value", c.pValue());
      changes.add(cm);
    }
    m.put("changes", changes);
    try {
      return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(m)
          + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
