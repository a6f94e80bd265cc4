package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.query.SqlScript;
import java.util.List;
import org.junit.jupiter.api.Test;

class SqlScriptTest {
  @Test
  void splitsAtSemicolonsOutsideQuotesAndComments() {
    assertEquals(
        List.of("select 1", "select 'a;b', \"x;y\"", "select 'it''s; fine'"),
        SqlScript.split(
            "select 1;\n-- a comment; with a semicolon\nselect 'a;b', \"x;y\";\nselect 'it''s; fine';\n"));
    assertEquals(List.of("select 2"), SqlScript.split("  select 2  "));
  }

  @Test
  void aStatementIsCompleteAtItsClosingSemicolon() {
    assertTrue(SqlScript.complete("select 1;"));
    assertFalse(SqlScript.complete("select 'a;"));
    assertFalse(SqlScript.complete("select 1"));
  }

  @Test
  void aSemicolonInsideABlockCommentSplitsNothing() {
    List<String> statements =
        SqlScript.split("select 1 /* ; */, /* nested /* ; */ still ; */ 2;\nselect 3;");
    assertEquals(2, statements.size(), statements.toString());
    assertEquals("select 1 , 2", statements.get(0).replaceAll("\\s+", " "));
    assertEquals("select 3", statements.get(1));
    assertFalse(SqlScript.complete("select 1 /* ;"));
    assertTrue(SqlScript.complete("select 1 /* ; */;"));
  }

  @Test
  void aSemicolonInsideEscapeAndDollarQuotedStringsSplitsNothing() {
    assertEquals(
        List.of("select E'it\\'s; fine'", "select $$a;b$$, $t$c;$$;d$t$", "select 4"),
        SqlScript.split("select E'it\\'s; fine';\nselect $$a;b$$, $t$c;$$;d$t$;\nselect 4"));
    assertFalse(SqlScript.complete("select $$a;"));
    assertFalse(SqlScript.complete("select E'a\\';"));
  }

  @Test
  void aPositionalParameterIsNoDollarQuote() {
    assertEquals(List.of("select $1", "select 2"), SqlScript.split("select $1; select 2;"));
  }
}
