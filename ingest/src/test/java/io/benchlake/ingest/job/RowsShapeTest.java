package io.benchlake.ingest.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.benchlake.schemas.Annotation;
import io.benchlake.schemas.CpuShare;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TransactionTiming;
import io.benchlake.warehouse.WarehouseTable;
import java.lang.reflect.RecordComponent;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

/**
 * A table's columns (its {@code .avsc}) and the event they come from are written apart: every field
 * of the event has its column, every column is set by {@link Rows} from an event with every field
 * set, so that a field added to the event and forgotten in the table or in {@code Rows} fails here.
 */
class RowsShapeTest {
  private static final PropertyNamingStrategies.NamingBase SNAKE =
      (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

  /** The envelope's columns, set from the event and the ingest. */
  private static final Set<String> ENVELOPE =
      Set.of("event_id", "run_id", "started_at", "ingest_seq", "emitted_at");

  private static final RunContext RUN =
      RunContext.imported("run-1", Instant.parse("2026-03-01T10:00:00Z"));

  @Test
  void everyFieldOfASampleHasItsColumnAndEveryColumnIsSet() {
    Sample s =
        RUN.event("s")
            .sample(4, 1, Sample.Phase.measured, 1.0, 1.0)
            .liveThreads(4)
            .transactions(640L)
            .tps(640)
            .qps(12800)
            .readsPs(8960.0)
            .writesPs(2560.0)
            .otherPs(1280.0)
            .latencyAvgMs(6.2)
            .latencyPct(95.0)
            .latencyPctMs(9.1)
            .latencyMaxMs(20.5)
            .errorsPs(0.5)
            .reconnectsPs(0.1)
            .nopm(100.0)
            .tpm(230.0)
            .histogram("HISTO")
            .hostCpu(new CpuShare(40, 10, 1, 49))
            .serverCpuPct(75.0)
            .build();
    assertEveryFieldHasItsColumn(
        Sample.class,
        WarehouseTable.SAMPLES,
        // the interval histograms are merged into the iteration's latency figures, not kept
        Map.of(
            "host_cpu",
            List.of(
                "host_cpu_user_pct",
                "host_cpu_system_pct",
                "host_cpu_iowait_pct",
                "host_cpu_idle_pct"),
            "histogram",
            List.of()));
    assertEveryColumnSet(Rows.sample(s, 7));
  }

  @Test
  void everyFieldOfATimingHasItsColumnAndEveryColumnIsSet() {
    TransactionTiming t =
        new TransactionTiming(
            "NEWORD", 100, 1, 2.0, 3, 200.0, 2, 2.5, 2.9, 0.4, 61.2, "ms", "ms", 3, 1000.0, 2.2,
            1.8);
    IterationFinished f =
        RUN.event("f")
            .iterationFinished(
                4, 1, IterationFinished.Status.completed, 60.0, List.of(), List.of(t), null, null);
    assertEveryFieldHasItsColumn(TransactionTiming.class, WarehouseTable.TIMINGS, Map.of());
    assertEveryColumnSet(Rows.timing(f, t, 7));
  }

  @Test
  void everyFieldOfAnAnnotationHasItsColumnAndEveryColumnIsSet() {
    Annotation a =
        RUN.event("a").annotation(4, 2, Annotation.Action.exclude, "noisy neighbour", "ann");
    assertEveryFieldHasItsColumn(Annotation.class, WarehouseTable.ANNOTATIONS, Map.of());
    assertEveryColumnSet(Rows.annotation(a, 7));
  }

  @Test
  void aRunsTestbedIsItsColumnAndARunWithoutOneLeavesItNull() {
    RunStarted started =
        RUN.event("r")
            .runStarted(
                "MariaDB 11.4", "sysbench", "OLTP_RW", null, "loadgen", null, List.of(), "db1");
    RawEvent raw = new RawEvent("benchlake.events", 0, 3, 1_000, new byte[0]);
    assertEquals("db1", String.valueOf(Rows.run(started, 7, raw).get("testbed")));
    assertNull(Rows.run(started.withTestbed(null), 7, raw).get("testbed"));
  }

  /** Each component of {@code type}, by its JSON name or as {@code columns} spells it out. */
  private static void assertEveryFieldHasItsColumn(
      Class<?> type, WarehouseTable table, Map<String, List<String>> columns) {
    Set<String> expected = new TreeSet<>();
    for (RecordComponent c : type.getRecordComponents()) {
      String name = SNAKE.translate(c.getName());
      if (!name.equals("schema")) {
        expected.addAll(columns.getOrDefault(name, List.of(name)));
      }
    }
    Set<String> inTable = new TreeSet<>();
    for (Schema.Field field : Rows.schema(table).getFields()) {
      inTable.add(field.name());
    }
    inTable.removeAll(ENVELOPE);
    expected.removeAll(ENVELOPE);
    Set<String> missing = new TreeSet<>(expected);
    missing.removeAll(inTable);
    assertEquals(Set.of(), missing, type.getSimpleName() + "'s fields without a column");
  }

  private static void assertEveryColumnSet(GenericRecord row) {
    for (Schema.Field field : row.getSchema().getFields()) {
      assertNotNull(row.get(field.name()), field.name() + " not set by Rows");
    }
  }
}
