package io.benchlake.analytics.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * What the HTML report adds to the text formats: the verdict first, the change table coloured by
 * significance with p-values, and a value the datasets share printed once.
 */
class HtmlReportTest {
  private static final String BASE = "Mariadb 11.4.5";

  private static ComparisonReport withDatabase(PropertyTable database) {
    ComparisonReport r = ReportSamples.twoDatasets(Optional.of(BASE));
    return r.toBuilder().database(database).build();
  }

  @Test
  void theVerdictComesFirstAndTheChangeTableMarksWhatIsSignificant() {
    String html = HtmlReport.render(ReportSamples.twoDatasets(Optional.of(BASE)), Optional.empty());
    String verdict = "2 regressions, 0 improvements, 0 unchanged at α=0.05";
    assertTrue(html.contains(verdict), html);
    assertTrue(html.indexOf(verdict) < html.indexOf("<h2>"), "the verdict is above the tables");
    assertTrue(
        html.contains("OLTP_RW TPS: &lt;script&gt;alert(1)&lt;/script&gt; vs " + BASE),
        "the verdict names the candidates as text");
    Matcher cell =
        Pattern.compile("<td class=\"regression\">-10\\.00 <span class=\"p\">p=(0\\.\\d{3})</span>")
            .matcher(html);
    assertTrue(cell.find(), html);
    assertTrue(Double.parseDouble(cell.group(1)) < 0.05, cell.group());
    assertTrue(
        html.contains("<td class=\"regression\">-10.00 <span class=\"p\">p&lt;0.001</span>"),
        "a p-value below 0.001 is said so, not rounded to 0");
    assertTrue(html.contains("<td>baseline</td>"), "the baseline's column says so");
  }

  @Test
  void noVerdictWithoutABaseline() {
    String html = HtmlReport.render(ReportSamples.twoDatasets(Optional.empty()), Optional.empty());
    assertFalse(html.contains("id=\"verdict\""));
  }

  @Test
  void aValueEveryDatasetSharesIsPrintedOnceAndAConfigsOwnLinesPerDataset() {
    String cnf = "[mysqld]\ninnodb_buffer_pool_size=1G\nmax_connections=500\n";
    PropertyTable database =
        new PropertyTable.Builder()
            .put(BASE, "Config Contents", cnf)
            .put(ReportSamples.EVIL, "Config Contents", cnf)
            .put(BASE, "Server Config", "[mysqld]\nport=3306\nthread_handling=one-thread\n")
            .put(ReportSamples.EVIL, "Server Config", "[mysqld]\nport=3306\nthread_handling=pool\n")
            .build();
    String html = HtmlReport.render(withDatabase(database), Optional.empty());
    assertEquals(1, count(html, "max_connections=500"), "the shared config once");
    assertTrue(html.contains("<tr class=\"same\"><th>Config Contents</th><td colspan=\"2\">"));
    assertTrue(
        html.contains(
            "<th>Server Config (every dataset)</th><td colspan=\"2\"><pre>[mysqld]\nport=3306</pre>"),
        html);
    assertTrue(
        html.contains(
            "<th>Server Config (only here)</th><td><pre>thread_handling=one-thread</pre></td>"
                + "<td><pre>thread_handling=pool</pre></td>"),
        html);
    assertTrue(html.contains("<td>db1</td><td>db2 &amp; &lt;b&gt;</td>"), "others as they were");
  }

  @Test
  void theChartsHaveTheIterationsSpread() {
    String html = HtmlReport.render(ReportSamples.twoDatasets(Optional.of(BASE)), Optional.empty());
    assertTrue(html.contains("\"mins\":[[98.0,396.0],[88.2,356.4]]"), html);
    assertTrue(html.contains("\"maxes\":[[102.0,404.0],[91.8,363.6]]"), html);
  }

  private static int count(String s, String part) {
    return (s.length() - s.replace(part, "").length()) / part.length();
  }
}
