package io.benchlake.ingest.testing;

import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.TestEvents;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.Histogram;

/**
 * Runs made up for the ingest's tests (here and in {@code it}), and the rows they leave: counted
 * straight from the warehouse's Parquet files, not through the views.
 */
public final class SyntheticRuns {
  private SyntheticRuns() {}

  /**
   * A run of 2 thread counts x 2 iterations x 3 one-second samples, TPS = 100 x threads +
   * iteration.
   */
  public static List<Event> run(String dataset, Instant startedAt) {
    String run = EventIds.random();
    List<Event> events = new ArrayList<>();
    Instant now = startedAt;
    events.add(
        new RunStarted(
            null,
            EventIds.random(),
            run,
            now,
            startedAt,
            dataset,
            "sysbench",
            "OLTP_RW",
            null,
            "loadgen",
            new RunParameters(
                "oltp_read_write", 4, 1000L, null, 3.0, "s", 2, List.of(1, 2), 0.0, 1.0, "uniform"),
            List.of(),
            null));
    events.add(
        new EnvironmentSnapshot(
            null,
            EventIds.random(),
            run,
            now,
            startedAt,
            new HostFacts(
                "h", "cpu", 2, 2, 1, 1L << 34, "Linux", "Debian 12", "6.1", "disk", "host"),
            new DatabaseFacts(
                "mariadb",
                "11.4.5-MariaDB",
                "innodb",
                "/x",
                "embedded",
                "a.cnf",
                "a.cnf",
                "[mysqld]\n",
                Map.of("version", "11.4.5-MariaDB"))));
    for (int threads : List.of(1, 2)) {
      for (int it = 1; it <= 2; it++) {
        long tx = 100L * threads + it;
        for (int s = 1; s <= 3; s++) {
          Histogram h = new Histogram(3);
          for (int i = 1; i <= 100; i++) {
            h.recordValue(i * 100L); // 0.1 .. 10 ms
          }
          ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
          int n = h.encodeIntoCompressedByteBuffer(buf);
          String hist = Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buf.array(), n));
          events.add(
              TestEvents.sample()
                  .eventId(EventIds.random())
                  .runId(run)
                  .emittedAt(now)
                  .startedAt(startedAt)
                  .threads(threads)
                  .liveThreads(threads)
                  .iteration(it)
                  .offsetS(s)
                  .transactions(tx)
                  .tps(tx)
                  .qps(tx * 20.0)
                  .readsPs(tx * 14.0)
                  .writesPs(tx * 4.0)
                  .otherPs(tx * 2.0)
                  .latencyAvgMs(5.0)
                  .latencyPct(95.0)
                  .latencyPctMs(9.5)
                  .latencyMaxMs(10.0)
                  .histogram(hist)
                  .build());
        }
        events.add(
            new IterationFinished(
                null,
                EventIds.random(),
                run,
                now,
                startedAt,
                threads,
                it,
                IterationFinished.Status.completed,
                3.0,
                List.of(new IterationValue("TPS", tx, "tx/s", "loadgen:exact")),
                List.of()));
      }
    }
    events.add(
        new RunFinished(
            null, EventIds.random(), run, now, startedAt, RunFinished.Status.completed, null));
    return events;
  }

  /** The rows of {@code table} in {@code warehouse}'s files that match {@code where}. */
  public static long count(Warehouse warehouse, WarehouseTable table, String where)
      throws Exception {
    List<Path> files = warehouse.files(table);
    if (files.isEmpty()) {
      return 0;
    }
    String list = files.stream().map(p -> "'" + p + "'").collect(Collectors.joining(","));
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT count(*) FROM read_parquet(["
                        + list
                        + "], hive_partitioning=true) WHERE "
                        + where)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
