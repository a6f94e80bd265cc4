package io.benchlake.analytics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReportFormatsTest {
  private static final String EVIL = ReportSamples.EVIL;

  @Test
  void baselineAddsAChangeTableInPercent() {
    ComparisonReport r = ReportSamples.twoDatasets(Optional.of("Mariadb 11.4.5"));
    assertEquals(-10.0, r.changePct(EVIL, 1).getAsDouble(), 1e-9);
    assertTrue(r.changePct("Mariadb 11.4.5", 1).isPresent());
    String text = TextReport.render(r);
    assertTrue(
        text.contains(
            "Change vs Mariadb 11.4.5 (%)\n\nThreads\tMariadb 11.4.5\t"
                + EVIL
                + "\n1\tbaseline\t-10.00\n4\tbaseline\t-10.00\n"),
        text);
    assertFalse(
        TextReport.render(ReportSamples.twoDatasets(Optional.empty())).contains("Change vs"),
        "no baseline, no change table: the seed layout");
  }

  @Test
  void differencesListHostAndSettingsButNotTheVersion() {
    ComparisonReport r = ReportSamples.twoDatasets(Optional.empty());
    assertEquals(
        List.of("System: Host", "variable: innodb_buffer_pool_size"),
        r.differences().stream().map(d -> d.section() + ": " + d.name()).toList());
    String text = TextReport.render(r);
    assertTrue(
        text.endsWith(
            "Differences between datasets (besides the version)\n\nDifference\tMariadb 11.4.5\t"
                + EVIL
                + "\nSystem: Host\tdb1\tdb2 & <b>\nvariable: innodb_buffer_pool_size\t128M\t1G\n"),
        text);
  }

  @Test
  void markdownEscapesEveryCell() {
    String md = MarkdownReport.render(ReportSamples.twoDatasets(Optional.of("Mariadb 11.4.5")));
    assertTrue(md.startsWith("# TPS by Thread Count\n"), md);
    assertTrue(
        md.contains("| Threads | Mariadb 11.4.5 | &lt;script&gt;alert(1)&lt;/script&gt; |"), md);
    assertTrue(md.contains("| 1 | 100.000 | 90.000 |"), md);
    assertFalse(md.contains("<script>"), md);
  }

  @Test
  void jsonHasTheDocumentedShapeWithUnroundedNumbers() throws Exception {
    JsonNode j =
        new ObjectMapper()
            .readTree(JsonReport.render(ReportSamples.twoDatasets(Optional.of("Mariadb 11.4.5"))));
    assertEquals(JsonReport.FORMAT, j.get("format").asText());
    assertEquals("TPS", j.get("metric").asText());
    assertEquals(EVIL, j.get("datasets").get(1).asText());
    JsonNode cell = j.get("cells").get(2);
    assertEquals(EVIL, cell.get("dataset").asText());
    assertEquals(1, cell.get("threads").asInt());
    assertEquals(90.0, cell.get("mean").asDouble(), 1e-9);
    assertEquals(-10.0, cell.get("change_pct").asDouble(), 1e-9);
    assertEquals(3, cell.get("iterations").size());
    assertEquals("innodb_buffer_pool_size", j.get("differences").get(1).get("name").asText());
  }

  @Test
  void htmlIsSelfContainedAndNeverEmitsDataAsMarkup() {
    TimeSeries series =
        new TimeSeries(
            4,
            1,
            Map.of(
                "Mariadb 11.4.5",
                List.of(new double[] {1, 400}, new double[] {2, 401}),
                EVIL,
                List.of(new double[] {1, 360})));
    String html =
        HtmlReport.render(
            ReportSamples.twoDatasets(Optional.of("Mariadb 11.4.5")), Optional.of(series));
    assertTrue(html.startsWith("<!DOCTYPE html>"));
    assertFalse(html.contains(EVIL), "the label never appears as markup");
    assertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "but as text");
    assertTrue(html.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"), "and in JSON");
    assertFalse(html.contains("src=\"http"), "nothing loaded from the network");
    assertTrue(html.contains("uPlot"), "the charting library is inlined");
  }
}
