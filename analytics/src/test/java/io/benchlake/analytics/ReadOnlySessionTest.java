package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.home.EnvironmentException;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way a statement could write a file is refused in one line, and nothing changes. */
class ReadOnlySessionTest {
  @TempDir Path dir;
  private Warehouse warehouse;
  private Path committed;

  @BeforeEach
  void oneCommittedRunsFile() throws Exception {
    warehouse = new Warehouse(dir.resolve("warehouse"));
    IngestTransaction ingest = warehouse.beginIngest();
    Path staged = ingest.staging().resolve("runs/month=2026-03/part-1-0.parquet");
    Files.createDirectories(staged.getParent());
    try (var c = java.sql.DriverManager.getConnection("jdbc:duckdb:");
        var st = c.createStatement()) {
      st.execute(
          "COPY (SELECT 'e1' AS event_id, 'r1' AS run_id, 'A' AS dataset, 'T' AS test_name,"
              + " 'run_started' AS kind, 1::BIGINT AS ingest_seq) TO '"
              + staged
              + "' (FORMAT parquet)");
    }
    ingest.commit(Manifest.Progress.at(Map.of(0, 1L)));
    committed = warehouse.root().resolve("runs/month=2026-03/part-1-0.parquet");
  }

  private void refused(String sql) throws Exception {
    byte[] before = Files.readAllBytes(committed);
    List<Path> filesBefore = everyFile();
    try (AnalyticsSession session = AnalyticsSession.open(warehouse, dir.resolve("spill"))) {
      BadInputException e = assertThrows(BadInputException.class, () -> session.query(sql), sql);
      assertEquals(1, e.getMessage().lines().count(), e.getMessage());
    }
    assertArrayEquals(before, Files.readAllBytes(committed), sql);
    assertEquals(filesBefore, everyFile(), sql);
  }

  private List<Path> everyFile() throws Exception {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(p -> !p.startsWith(dir.resolve("spill"))).sorted().toList();
    }
  }

  @Test
  void copyToACommittedFileInsideTheWarehouseIsRefused() throws Exception {
    refused("COPY (SELECT 'x' AS event_id) TO '" + committed + "' (FORMAT parquet)");
    refused("COPY runs TO '" + warehouse.root().resolve("_ingest/CURRENT") + "'");
  }

  @Test
  void exportDatabaseIsRefused() throws Exception {
    refused("EXPORT DATABASE '" + warehouse.root().resolve("exported") + "'");
  }

  @Test
  void attachIsRefused() throws Exception {
    refused("ATTACH '" + warehouse.root().resolve("new.duckdb") + "' AS other");
    refused("ATTACH ':memory:' AS other");
  }

  @Test
  void createTableAsAndOtherWritesAreRefused() throws Exception {
    refused("CREATE TABLE t AS SELECT * FROM runs");
    refused("CREATE OR REPLACE VIEW runs AS SELECT 1");
    refused("INSERT INTO raw_runs SELECT * FROM raw_runs");
  }

  @Test
  void aReadFollowedByAWriteInOneTextIsRefused() throws Exception {
    refused("SELECT 1; COPY (SELECT 1) TO '" + warehouse.root().resolve("x.csv") + "'");
    refused("EXPLAIN SELECT 1; COPY (SELECT 1) TO 'x.csv'");
    refused("EXPLAIN ANALYZE COPY (SELECT 1) TO '" + warehouse.root().resolve("x.csv") + "'");
  }

  @Test
  void settingsPragmasAndExtensionsAreRefused() throws Exception {
    refused("SET enable_external_access = true");
    refused("RESET allowed_directories");
    refused("PRAGMA enable_profiling");
    refused("CALL pragma_version()");
    refused("INSTALL httpfs");
    refused("LOAD httpfs");
  }

  @Test
  void readStatementsRun() {
    try (AnalyticsSession session = AnalyticsSession.open(warehouse, dir.resolve("spill"))) {
      for (String sql :
          List.of(
              "SELECT dataset FROM runs",
              "WITH r AS (SELECT * FROM runs) SELECT count(*) FROM r",
              "DESCRIBE runs",
              "SHOW TABLES",
              "SUMMARIZE runs",
              "EXPLAIN SELECT * FROM runs",
              "EXPLAIN ANALYZE SELECT count(*) FROM runs",
              "FROM runs",
              "SELECT 1;")) {
        assertTrue(session.query(sql).rows().size() > 0, sql);
      }
      assertEquals("A", session.query("SELECT dataset FROM runs").rows().get(0).get(0));
    }
  }

  @Test
  void duckDbSpillsUnderTheGivenDirectory() {
    Path spill = dir.resolve("spill");
    try (AnalyticsSession session = AnalyticsSession.open(warehouse, spill)) {
      assertEquals(
          spill.toString(),
          session.query("SELECT current_setting('temp_directory')").rows().get(0).get(0));
    }
  }

  @Test
  void theSpillDirectorysParentIsMadeForDuckDb() {
    // DuckDB makes its temp directory on the first spill, never its parents (a fresh home has no
    // tmp/): the dashboard's trend over 50M samples failed with "Failed to create directory"
    Path spill = dir.resolve("fresh-home").resolve("tmp").resolve("duckdb");
    try (AnalyticsSession session = AnalyticsSession.open(warehouse, spill)) {
      assertTrue(Files.isDirectory(spill.getParent()), spill.getParent().toString());
    }
  }

  @Test
  void aCommittedFileOfAnotherSizeIsRefusedBeforeAnyQuery() throws Exception {
    byte[] content = Files.readAllBytes(committed);
    Files.write(committed, java.util.Arrays.copyOf(content, content.length / 2));
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class, () -> AnalyticsSession.open(warehouse, dir.resolve("s")));
    assertTrue(e.getMessage().contains(committed.toString()), e.getMessage());
    assertTrue(e.getMessage().contains("ingest --rebuild"), e.getMessage());
  }

  @Test
  void aMissingCurrentWithManifestsIsAnErrorNotAnEmptyWarehouse() throws Exception {
    Files.delete(warehouse.root().resolve("_ingest/CURRENT"));
    EnvironmentException e =
        assertThrows(
            EnvironmentException.class, () -> AnalyticsSession.open(warehouse, dir.resolve("s")));
    assertTrue(e.getMessage().contains("CURRENT"), e.getMessage());
  }
}
