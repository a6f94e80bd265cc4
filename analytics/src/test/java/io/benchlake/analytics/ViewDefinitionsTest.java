package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.changes.ChangesQuery;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session made for some queries creates the views they reach and no others, and what it creates
 * is enough: every view of sql/ answers in a session made for it alone.
 */
class ViewDefinitionsTest {
  @TempDir Path dir;

  @Test
  void everyViewAnswersInASessionMadeForItAlone() {
    Warehouse empty = new Warehouse(dir.resolve("empty"));
    ViewDefinitions all = ViewDefinitions.load();
    List<ViewDefinitions.Definition> views =
        all.all().definitions().stream()
            .filter(d -> d.sql().matches("(?is)\\s*CREATE\\s+OR\\s+REPLACE\\s+VIEW.*"))
            .toList();
    assertTrue(views.size() > 15, "views found: " + views.size());
    for (ViewDefinitions.Definition view : views) {
      String query = "SELECT * FROM " + view.name() + " LIMIT 0";
      try (AnalyticsSession session = AnalyticsSession.openFor(empty, List.of(query))) {
        session.query(query);
      }
    }
  }

  @Test
  void changesReachesItsViewsAndNotTheComparisonsOrTheSamples() {
    ViewDefinitions.Selection s = ViewDefinitions.load().reachedBy(ChangesQuery.queries());
    Set<String> names = names(s.definitions());
    for (String needed :
        List.of("started_runs", "finished_runs", "environments", "iterations", "canonical_of")) {
      assertTrue(names.contains(needed), needed + " missing from " + names);
    }
    // the whole of runs and the statistics of thread_stats are not read for a history
    for (String skipped :
        List.of(
            "runs",
            "run_series",
            "thread_stats",
            "left_out",
            "config_diff",
            "comparison",
            "samples",
            "timings",
            "monthly")) {
      assertFalse(names.contains(skipped), skipped + " created for changes: " + names);
    }
    assertFalse(s.tables().contains(WarehouseTable.SAMPLES), s.tables().toString());
    assertFalse(s.tables().contains(WarehouseTable.TIMINGS), s.tables().toString());
    assertTrue(s.tables().contains(WarehouseTable.ITERATIONS), s.tables().toString());
    // what it needs at times (the left-out iterations, the mistakes of an empty series) is made
    // then, and only what it does not have yet
    Set<String> later =
        names(ViewDefinitions.load().missingFor(ChangesQuery.laterQueries(), names));
    assertTrue(later.containsAll(List.of("runs", "left_out")), later.toString());
    assertFalse(later.contains("iterations"), later.toString());
  }

  @Test
  void aViewMadeATableKeepsItsQuery() {
    ViewDefinitions.Definition view =
        new ViewDefinitions.Definition(
            "01_a.sql", "a", "CREATE OR REPLACE VIEW a AS\nSELECT 1 AS view", Set.of());
    assertEquals("CREATE OR REPLACE TABLE a AS\nSELECT 1 AS view", view.tableSql());
    ViewDefinitions.Definition macro =
        new ViewDefinitions.Definition("00_m.sql", "m", "CREATE MACRO m(x) AS x + 1", Set.of());
    assertThrows(IllegalStateException.class, macro::tableSql);
  }

  private static Set<String> names(List<ViewDefinitions.Definition> definitions) {
    return Set.copyOf(definitions.stream().map(ViewDefinitions.Definition::name).toList());
  }

  @Test
  void aColumnNamedAsALaterViewIsNotAUse() {
    ViewDefinitions d =
        ViewDefinitions.of(
            List.of(
                new ViewScripts.Script(
                    "01_a.sql",
                    "CREATE VIEW a AS SELECT iterations FROM raw_runs;"
                        + " CREATE VIEW iterations AS SELECT * FROM raw_iterations, a;")));
    assertEquals(
        List.of("a"),
        d.reachedBy(List.of("SELECT * FROM a")).definitions().stream()
            .map(ViewDefinitions.Definition::name)
            .toList());
    assertEquals(List.of(WarehouseTable.RUNS), d.reachedBy(List.of("SELECT * FROM a")).tables());
    assertEquals(
        List.of("a", "iterations"),
        d.reachedBy(List.of("SELECT * FROM iterations")).definitions().stream()
            .map(ViewDefinitions.Definition::name)
            .toList());
  }

  @Test
  void namesInCommentsAndStringLiteralsAreNotUses() {
    assertEquals(
        Set.of("select", "from", "runs", "where", "x"),
        ViewDefinitions.words(
            "SELECT 'samples' FROM runs -- timings\nWHERE x = 'it''s comparison'"));
  }

  @Test
  void aStatementThatDefinesNothingIsRefusedNamingItsScript() {
    String refused =
        refusal(
            new ViewScripts.Script("50_bad.sql", "CREATE VIEW a AS SELECT 1; SET threads = 1;"));
    assertTrue(refused.startsWith("sql/50_bad.sql: a statement that creates no view"), refused);
  }

  @Test
  void aNameDefinedTwiceIsRefusedNamingTheSecondScript() {
    String refused =
        refusal(
            new ViewScripts.Script("10_a.sql", "CREATE VIEW a AS SELECT 1;"),
            new ViewScripts.Script("20_b.sql", "CREATE OR REPLACE VIEW A AS SELECT 2;"));
    assertTrue(refused.startsWith("sql/20_b.sql: a is defined a second time"), refused);
  }

  private static String refusal(ViewScripts.Script... scripts) {
    return assertThrows(IllegalStateException.class, () -> ViewDefinitions.of(List.of(scripts)))
        .getMessage();
  }
}
