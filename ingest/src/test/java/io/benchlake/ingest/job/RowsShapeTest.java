package io.benchlake.ingest.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventKind;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.TestEvents;
import io.benchlake.schemas.TransactionTiming;
import io.benchlake.warehouse.WarehouseTable;
import java.lang.reflect.RecordComponent;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A table's columns (its {@code .avsc}) and the events they come from are written apart: every kind
 * of event makes its rows ({@link EventRows}) or says why it makes none, every field of each kind
 * has its column, and every column of a table is set by the kinds that fill it from events with
 * every field set ({@link TestEvents#everyFieldSet}), so that a kind, or a field, added and
 * forgotten in the tables or in {@link Rows} fails here.
 */
class RowsShapeTest {
  private static final PropertyNamingStrategies.NamingBase SNAKE =
      (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;

  /** The envelope's columns, set from the event and the ingest. */
  private static final Set<String> ENVELOPE =
      Set.of("schema", "event_id", "run_id", "started_at", "ingest_seq", "emitted_at");

  private static final RawEvent RAW = new RawEvent("benchlake.events", 0, 3, 1_000, new byte[0]);

  /** The kinds that make no row, each with its reason. */
  private static final Map<EventKind, String> NO_ROWS =
      Map.of(
          EventKind.ACKNOWLEDGEMENT,
          "read from the log by every ingest path (ContentConflicts, FollowConflicts)");

  /**
   * Per kind, the fields whose columns are named otherwise: a nested record's columns, a list kept
   * as JSON, a field kept in no table (an empty list: where it goes instead is said beside it).
   */
  private static final Map<EventKind, Map<String, List<String>>> COLUMNS =
      new EnumMap<>(EventKind.class);

  static {
    COLUMNS.put(
        EventKind.RUN_STARTED,
        Map.of(
            "parameters",
            List.of(
                "workload",
                "tables",
                "table_size",
                "warehouses",
                "duration_s",
                "duration_unit",
                "iterations",
                "threads",
                "warmup_s",
                "report_interval_s",
                "rand_type"),
            "properties",
            List.of("properties_json")));
    COLUMNS.put(EventKind.RUN_FINISHED, Map.of("properties", List.of("properties_json")));
    COLUMNS.put(
        EventKind.RUN_SOURCE,
        // what a source was imported as is read back from the log by Corrections, not by a view
        Map.of("files", List.of("source_files_json"), "imported_as", List.of()));
    COLUMNS.put(
        EventKind.ENVIRONMENT_SNAPSHOT,
        Map.of(
            "host",
            List.of(
                "host_name",
                "cpu_model",
                "logical_cpus",
                "cores",
                "sockets",
                "ram_bytes",
                "os",
                "os_version",
                "kernel",
                "disk",
                "facts_source"),
            "database",
            List.of(
                "db_maker",
                "db_version",
                "engine",
                "install_dir",
                "config_origin",
                "config_file",
                "config_run_file",
                "config_contents",
                "variables_json")));
    COLUMNS.put(
        EventKind.SAMPLE,
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
    COLUMNS.put(
        EventKind.ITERATION_FINISHED,
        // its status, measured seconds, values and server counters go to the run's aggregate,
        // which writes the iterations table (IterationAggregationTest); its timings are rows here
        Map.of(
            "status",
            List.of(),
            "measured_s",
            List.of(),
            "values",
            List.of(),
            "status_before",
            List.of(),
            "status_after",
            List.of(),
            "timings",
            componentColumns(TransactionTiming.class)));
    COLUMNS.put(
        EventKind.SOURCE_STATISTICS,
        Map.of("statistics", List.of("threads", "statistic", "value", "decimals")));
    COLUMNS.put(EventKind.ALIAS, Map.of("from", List.of("from_name"), "to", List.of("to_name")));
    COLUMNS.put(
        EventKind.ALERT,
        Map.of(
            "test",
            List.of("test_name"),
            "provenance",
            List.of(
                "detector",
                "parameters",
                "magnitude_pct",
                "ci_low_pct",
                "ci_high_pct",
                "p_value",
                "noise",
                "provenance_json")));
  }

  @ParameterizedTest
  @EnumSource(EventKind.class)
  void everyKindMakesItsRowsAndEveryFieldHasItsColumn(EventKind kind) {
    Event event = TestEvents.everyFieldSet(kind);
    List<EventRows.TableRow> rows = EventRows.of(event, 7, RAW);
    if (NO_ROWS.containsKey(kind)) {
      assertEquals(List.of(), rows, kind + " makes no row: " + NO_ROWS.get(kind));
      return;
    }
    assertFalse(rows.isEmpty(), kind + " makes no row: route it in EventRows");
    WarehouseTable table = rows.get(0).table();
    Set<String> expected = new TreeSet<>();
    Map<String, List<String>> named = COLUMNS.getOrDefault(kind, Map.of());
    for (String field : componentColumns(kind.type())) {
      expected.addAll(named.getOrDefault(field, List.of(field)));
    }
    expected.removeAll(ENVELOPE);
    Set<String> inTable = new TreeSet<>();
    for (Schema.Field field : Rows.schema(table).getFields()) {
      inTable.add(field.name());
    }
    expected.removeAll(inTable);
    assertEquals(Set.of(), expected, kind + "'s fields without a column in " + table.dirName());
    for (EventRows.TableRow row : rows) {
      assertEquals(table, row.table(), kind + " makes rows of one table");
    }
  }

  @Test
  void everyColumnOfEveryTableIsSetByTheKindsThatFillIt() {
    Map<WarehouseTable, Set<String>> unset = new EnumMap<>(WarehouseTable.class);
    for (WarehouseTable table : WarehouseTable.values()) {
      Set<String> columns = new TreeSet<>();
      Rows.schema(table).getFields().forEach(f -> columns.add(f.name()));
      unset.put(table, columns);
    }
    // the iterations table is the aggregate's (IterationAggregationTest)
    unset.remove(WarehouseTable.ITERATIONS);
    for (EventKind kind : EventKind.values()) {
      for (EventRows.TableRow row : EventRows.of(TestEvents.everyFieldSet(kind), 7, RAW)) {
        unset.get(row.table()).removeIf(column -> row.record().get(column) != null);
      }
    }
    unset.values().removeIf(Set::isEmpty);
    assertEquals(Map.of(), unset, "columns no kind of event sets (Rows)");
  }

  @Test
  void aRunsTestbedIsItsColumnAndARunWithoutOneLeavesItNull() {
    RunStarted started = (RunStarted) TestEvents.everyFieldSet(EventKind.RUN_STARTED);
    assertEquals("db1", String.valueOf(Rows.run(started, 7, RAW).get("testbed")));
    assertNull(Rows.run(started.withTestbed(null), 7, RAW).get("testbed"));
  }

  /** The components of {@code type}, by their JSON names. */
  private static List<String> componentColumns(Class<?> type) {
    return java.util.Arrays.stream(type.getRecordComponents())
        .map(RecordComponent::getName)
        .map(SNAKE::translate)
        .toList();
  }
}
