package io.benchlake.analytics;

import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

/** Writes a real warehouse (Parquet files and a manifest) holding a fixture report's iterations. */
final class FixtureWarehouse {
  private FixtureWarehouse() {}

  /** Fills the rows of a warehouse's tables, each a DuckDB table named as the table's directory. */
  interface Rows {
    void fill(Connection c) throws Exception;
  }

  /**
   * A warehouse of one ingest whose {@code tables} hold the rows {@code rows} inserts (their
   * columns as the views read them), in the month=2026-03 partition.
   */
  static Warehouse write(Path root, Rows rows, WarehouseTable... tables) throws Exception {
    Warehouse warehouse = new Warehouse(root);
    commit(warehouse, 1, rows, tables);
    return warehouse;
  }

  /**
   * Commits ingest {@code seq}, the warehouse's next: the rows {@code rows} inserts into {@code
   * tables}, as above.
   */
  static void commit(Warehouse warehouse, long seq, Rows rows, WarehouseTable... tables)
      throws Exception {
    IngestTransaction ingest = warehouse.beginIngest();
    if (ingest.seq() != seq) {
      throw new IllegalArgumentException("the next commit is " + ingest.seq() + ", not " + seq);
    }
    Path staging = ingest.staging();
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        Statement st = c.createStatement()) {
      for (WarehouseTable table : tables) {
        st.execute("CREATE TABLE " + table.dirName() + " AS " + RawTables.emptySelect(table));
      }
      rows.fill(c);
      for (WarehouseTable table : tables) {
        Path file =
            staging.resolve(table.dirName()).resolve("month=2026-03/part-" + seq + "-0.parquet");
        Files.createDirectories(file.getParent());
        st.execute(
            "COPY (SELECT * EXCLUDE (month) FROM "
                + table.dirName()
                + ") TO '"
                + file
                + "' (FORMAT parquet)");
      }
    }
    ingest.commit(Manifest.Progress.at(Map.of(0, seq - 1)));
  }

  static Warehouse of(Path root, TafFixture fixture, String test, String metric) throws Exception {
    return write(
        root,
        c -> insert(c, fixture, test, metric),
        WarehouseTable.RUNS,
        WarehouseTable.ITERATIONS);
  }

  private static void insert(Connection c, TafFixture fixture, String test, String metric)
      throws Exception {
    try (PreparedStatement run =
            c.prepareStatement(
                "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind, emitted_at, dataset, test_suite, test_name, source, status) "
                    + "VALUES (?, ?, ?, 1, ?, ?, ?, 'sysbench-lua', ?, 'test', ?)");
        PreparedStatement it =
            c.prepareStatement(
                "INSERT INTO iterations (event_id, run_id, started_at, ingest_seq, row_id, threads, iteration, metric, value, unit, source, computed, status) "
                    + "VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, '', 'test', false, 'completed')")) {
      for (int d = 0; d < fixture.datasets().size(); d++) {
        String runId = "run-" + d;
        Timestamp started = Timestamp.valueOf(LocalDateTime.of(2026, 3, 10 + d, 12, 0));
        for (String kind : List.of("run_started", "run_finished")) {
          run.setString(1, runId + "-" + kind);
          run.setString(2, runId);
          run.setTimestamp(3, started);
          run.setString(4, kind);
          run.setTimestamp(5, started);
          run.setString(6, kind.equals("run_started") ? fixture.datasets().get(d) : null);
          run.setString(7, kind.equals("run_started") ? test : null);
          run.setString(8, kind.equals("run_finished") ? "completed" : null);
          run.executeUpdate();
        }
        for (int threads : fixture.metricTables().keySet()) {
          List<Double> values = fixture.iterations(threads, d);
          for (int k = 0; k < values.size(); k++) {
            String id = runId + "-" + threads + "-" + (k + 1);
            it.setString(1, id);
            it.setString(2, runId);
            it.setTimestamp(3, started);
            it.setString(4, id);
            it.setInt(5, threads);
            it.setInt(6, k + 1);
            it.setString(7, metric);
            it.setDouble(8, values.get(k));
            it.executeUpdate();
          }
        }
      }
    }
  }
}
