package io.benchlake.analytics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A chain of users' aliases reads every name in it as the chain's last: one dataset, one label. */
class AliasChainsTest {
  @TempDir Path dir;

  /** Runs labelled d0..dN and the aliases d0 -> d1 -> ... -> dN. */
  private Warehouse chain(int hops) throws Exception {
    return FixtureWarehouse.write(
        dir.resolve("wh" + hops),
        c -> {
          try (PreparedStatement run =
                  c.prepareStatement(
                      "INSERT INTO runs (event_id, run_id, started_at, ingest_seq, kind,"
                          + " emitted_at, dataset, test_name, source) VALUES"
                          + " (?, ?, '2026-03-01', 1, 'run_started', '2026-03-01', ?, 'OLTP_RW',"
                          + " 'loadgen')");
              PreparedStatement alias =
                  c.prepareStatement(
                      "INSERT INTO aliases (event_id, run_id, started_at, ingest_seq, emitted_at,"
                          + " kind, from_name, to_name) VALUES (?, ?, '2026-03-06', 1,"
                          + " '2026-03-06 10:00', 'dataset', ?, ?)")) {
            for (int i = 0; i <= hops; i++) {
              run.setString(1, "e" + i);
              run.setString(2, "r" + i);
              run.setString(3, "d" + i);
              run.executeUpdate();
              if (i < hops) {
                alias.setString(1, "a" + i);
                alias.setString(2, "k" + i);
                alias.setString(3, "d" + i);
                alias.setString(4, "d" + (i + 1));
                alias.executeUpdate();
              }
            }
          }
        },
        WarehouseTable.RUNS,
        WarehouseTable.ALIASES);
  }

  @Test
  void aChainOfFiveHopsIsOneLabel() throws Exception {
    assertOneLabel(5);
  }

  @Test
  void aChainAsLongAsAliasAcceptsIsOneLabel() throws Exception {
    assertOneLabel(15);
  }

  private void assertOneLabel(int hops) throws Exception {
    try (AnalyticsSession session = AnalyticsSession.open(chain(hops))) {
      assertEquals(
          List.of(List.of("d" + hops, (long) hops + 1)),
          session.query("SELECT dataset, count(*) FROM runs GROUP BY dataset").rows());
      assertEquals("d" + hops, CanonicalNames.dataset(session, "d0"));
    }
  }
}
