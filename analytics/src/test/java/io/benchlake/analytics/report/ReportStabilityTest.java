package io.benchlake.analytics.report;

import static io.benchlake.analytics.report.ReportSamples.EVIL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.analytics.stability.IterationStability;
import io.benchlake.analytics.stability.StabilityThresholds;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The Stability of a report's runs in every format: md and html mark an unstable iteration's value
 * and the mean over it, json names it per cell with each iteration's checks, the text report adds
 * its block after the TAF layout and marks nothing.
 */
class ReportStabilityTest {
  private static final String A = "Mariadb 11.4.5";

  /** {@code n} one-second intervals at 400 tx/s, the middle one at 8 when {@code stalled}. */
  private static IterationStability.Verdict iteration(int number, int n, boolean stalled) {
    List<IterationStability.Interval> in = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      in.add(new IterationStability.Interval(i, 1, stalled && i == n / 2 ? 8 : 400 + (i % 4)));
    }
    return IterationStability.check(number, in, StabilityThresholds.DEFAULTS);
  }

  /**
   * The sample report; at 4 threads A's iteration 2 stalled, the other dataset had 12 intervals.
   */
  private static ComparisonReport checked() {
    Map<String, Map<Integer, List<IterationStability.Verdict>>> v = new LinkedHashMap<>();
    v.put(
        A,
        Map.of(
            1,
            List.of(iteration(1, 40, false), iteration(2, 40, false), iteration(3, 40, false)),
            4,
            List.of(iteration(1, 40, false), iteration(2, 40, true), iteration(3, 40, false))));
    v.put(
        EVIL,
        Map.of(
            1,
            List.of(iteration(1, 40, false), iteration(2, 40, false), iteration(3, 12, false)),
            4,
            List.of(iteration(1, 12, false), iteration(2, 12, false), iteration(3, 12, false))));
    return ReportSamples.twoDatasets(Optional.empty())
        .withStability(new ReportStability(StabilityThresholds.DEFAULTS, v));
  }

  @Test
  void eachCellSaysWhatItsIterationsShowed() {
    ReportStability s = checked().stability().orElseThrow();
    assertEquals("stable", s.describe(A, 1));
    assertTrue(
        s.describe(A, 4).startsWith("iteration 2: 1 stall (intervals under 10% of the median"),
        s.describe(A, 4));
    assertEquals(
        "iteration 3 not checked (12 measured intervals at most, under 30)", s.describe(EVIL, 1));
    assertEquals("not checked (12 measured intervals at most, under 30)", s.describe(EVIL, 4));
    assertEquals(List.of(2), s.unstableIterations(A, 4));
    assertEquals(List.of(), s.unstableIterations(EVIL, 4));
  }

  @Test
  void markdownMarksTheUnstableValueAndItsMeanAndExplainsTheMark() {
    String md = MarkdownReport.render(checked());
    assertTrue(md.contains("| 4 | 400.000 † | 360.000 |"), md);
    assertTrue(md.contains("| 1 | 100.000 | 90.000 |"), "a stable cell is not marked");
    assertTrue(md.contains("| Iteration 2 | 404.00 † | 363.60 |"), md);
    assertTrue(md.contains("| Iteration 1 | 400.00 | 360.00 |"), md);
    assertTrue(md.contains("\n## Stability\n"), md);
    assertTrue(md.contains("| 4 | Mariadb 11.4.5 | 3 of 3 |"), md);
    assertTrue(md.contains("† marks an unstable iteration's value, and a mean over one."), md);
    assertTrue(md.contains("at least 30 intervals; stall: an interval under 10.0% of"), md);
    assertFalse(md.contains("<script>"), md);
  }

  @Test
  void htmlMarksTheValueAndAppendsItsBlockWithEveryCellEscaped() {
    String html = HtmlReport.render(checked(), Optional.empty());
    assertTrue(html.contains("<td>404.00 †</td>"), "the unstable iteration is marked");
    assertTrue(html.contains("<td>400.000 †</td>"), "and the mean over it");
    assertTrue(html.contains("<h2>Stability</h2>"));
    assertTrue(html.contains("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>"), "label as text");
    assertFalse(html.contains(EVIL));
  }

  @Test
  void jsonNamesTheUnstableIterationsOfEachCellAndTheChecks() throws Exception {
    JsonNode j = new ObjectMapper().readTree(JsonReport.render(checked()));
    JsonNode cell = j.get("cells").get(1);
    assertEquals(A, cell.get("dataset").asText());
    assertEquals(4, cell.get("threads").asInt());
    assertEquals("[2]", cell.get("unstable_iterations").toString());
    assertEquals(30, j.get("stability").get("thresholds").get("min_intervals").asInt());
    JsonNode checkedCell = j.get("stability").get("cells").get(1);
    JsonNode second = checkedCell.get("iterations").get(1);
    assertTrue(second.get("unstable").asBoolean());
    assertEquals("[20.0]", second.get("stalls_at_s").toString());
    assertEquals(40, second.get("intervals").asInt());
    JsonNode unchecked = j.get("stability").get("cells").get(3).get("iterations").get(0);
    assertFalse(unchecked.get("checked").asBoolean());
    assertTrue(unchecked.get("cov_pct").isNull());

    JsonNode plain =
        new ObjectMapper().readTree(JsonReport.render(ReportSamples.twoDatasets(Optional.empty())));
    assertTrue(plain.get("stability").isNull(), "not checked is not 'stable'");
    assertTrue(plain.get("cells").get(0).get("unstable_iterations").isNull());
  }

  @Test
  void theTextReportAddsItsBlockAfterTheTafLayoutAndMarksNoCell() {
    String plain = TextReport.render(ReportSamples.twoDatasets(Optional.empty()));
    String text = TextReport.render(checked());
    assertTrue(text.startsWith(plain), text);
    assertFalse(text.contains("†"));
    String block = text.substring(plain.length());
    assertTrue(block.startsWith("\nStability\n\nThreads\tDataset\tChecked\t"), block);
    assertTrue(
        block.lines().skip(3).noneMatch(l -> l.startsWith("Thread Count: ")),
        "no line reads as a TAF table title");
  }
}
