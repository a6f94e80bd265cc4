package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The evaluation after an ingest is skipped only when the commits since the last one added neither
 * iteration rows nor aliases, as their manifests tell; whatever cannot be told is evaluated.
 */
class AddedSinceTest {
  @TempDir Path dir;

  private long commit(Warehouse warehouse, WarehouseTable... tables) throws Exception {
    IngestTransaction ingest = warehouse.beginIngest();
    for (WarehouseTable table : tables) {
      Path file =
          ingest
              .staging()
              .resolve(table.dirName())
              .resolve("month=2026-12")
              .resolve("part-" + ingest.seq() + "-0.parquet");
      Files.createDirectories(file.getParent());
      Files.writeString(file, table + " rows of ingest " + ingest.seq());
    }
    ingest.commit(Manifest.Progress.at(Map.of(0, ingest.seq())));
    return ingest.seq();
  }

  @Test
  void commitsOfAlertOrAnnotationRowsAloneAreNotEvaluated() throws Exception {
    Warehouse warehouse = new Warehouse(dir.resolve("warehouse"));
    long results = commit(warehouse, WarehouseTable.RUNS, WarehouseTable.ITERATIONS);
    commit(warehouse, WarehouseTable.ALERT_EVENTS);
    commit(warehouse, WarehouseTable.ANNOTATIONS, WarehouseTable.ALERT_STATES);
    assertFalse(AddedSince.resultsOrAliases(warehouse, results));
  }

  @Test
  void iterationRowsOrAnAliasSinceAreEvaluated() throws Exception {
    Warehouse warehouse = new Warehouse(dir.resolve("warehouse"));
    long first = commit(warehouse, WarehouseTable.ITERATIONS);
    long alerts = commit(warehouse, WarehouseTable.ALERT_EVENTS);
    commit(warehouse, WarehouseTable.ITERATIONS);
    assertTrue(AddedSince.resultsOrAliases(warehouse, first));
    assertTrue(AddedSince.resultsOrAliases(warehouse, alerts));
    long aliased = commit(warehouse, WarehouseTable.ALIASES);
    assertTrue(AddedSince.resultsOrAliases(warehouse, aliased - 1));
    assertFalse(AddedSince.resultsOrAliases(warehouse, aliased));
  }

  @Test
  void theWholeHistoryOrACommitNoLongerKeptIsEvaluated() throws Exception {
    Warehouse warehouse = new Warehouse(dir.resolve("warehouse"));
    commit(warehouse, WarehouseTable.ITERATIONS);
    long last = 0;
    for (int i = 0; i < 12; i++) {
      last = commit(warehouse, WarehouseTable.ALERT_EVENTS);
    }
    assertTrue(AddedSince.resultsOrAliases(warehouse, 0), "no evaluation yet: the whole history");
    assertTrue(AddedSince.resultsOrAliases(warehouse, 1), "manifest 1 is no longer kept");
    assertFalse(AddedSince.resultsOrAliases(warehouse, last));
  }
}
