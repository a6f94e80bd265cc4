package io.benchlake.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.QueryResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HtmlTest {
  private static final String SCRIPT = "<script>alert(1)</script>";

  @Test
  void textFromTheDataIsEscapedInTextAndInAttributes() {
    assertEquals("&lt;script&gt;alert(1)&lt;/script&gt;", Html.esc(SCRIPT));
    assertEquals("a&amp;b &quot;c&quot; &#39;d&#39;", Html.esc("a&b \"c\" 'd'"));
    String table =
        Html.table(
            "t",
            new QueryResult(List.of("run_id", SCRIPT), List.of(List.of(SCRIPT, SCRIPT))),
            "/runs?x=1");
    assertFalse(table.contains(SCRIPT), table);
    assertTrue(table.contains("href=\"/runs/%3Cscript%3Ealert%281%29%3C%2Fscript%3E\""), table);
    String select = Html.select("dataset", List.of(SCRIPT), SCRIPT, true);
    assertFalse(select.contains(SCRIPT), select);
  }

  @Test
  void dataForScriptsCannotCloseTheirScriptElement() {
    String data = Html.data("d", Map.of("name", "</script><script>alert(1)</script>&"));
    assertEquals(1, data.split("</script>", -1).length - 1, data);
    assertTrue(data.contains("\\u003c/script\\u003e"), data);
    assertFalse(data.contains("&\""), data);
  }
}
