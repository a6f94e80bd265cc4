package io.benchlake.ingest.job;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.benchlake.schemas.Alert;
import io.benchlake.schemas.AlertState;
import io.benchlake.schemas.Alias;
import io.benchlake.schemas.Annotation;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.Retraction;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunSource;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.SourceStatistics;
import io.benchlake.schemas.TransactionTiming;
import io.benchlake.warehouse.WarehouseTable;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.OutputFile;

/** Maps events onto warehouse rows (Avro records of the table schemas in schemas/warehouse). */
public final class Rows {
  private static final Map<WarehouseTable, Schema> SCHEMAS = new EnumMap<>(WarehouseTable.class);

  static {
    for (WarehouseTable table : WarehouseTable.values()) {
      SCHEMAS.put(table, new Schema.Parser().parse(table.avroSchema()));
    }
  }

  private Rows() {}

  public static Schema schema(WarehouseTable table) {
    return SCHEMAS.get(table);
  }

  /**
   * A Parquet writer of rows of {@code schema} (a table's): with dictionaries only for columns
   * whose values repeat, not for identifiers and measured values, where looking them up costs time
   * and saves nothing.
   */
  public static ParquetWriter.Builder<GenericRecord, ?> parquetWriter(
      OutputFile out, Schema schema) {
    RowWriter.Builder builder = new RowWriter.Builder(out, schema);
    for (Schema.Field field : schema.getFields()) {
      Schema type = field.schema();
      boolean measured =
          (type.isUnion() ? type.getTypes() : List.of(type))
              .stream().anyMatch(t -> t.getType() == Schema.Type.DOUBLE);
      if (measured || field.name().equals("event_id") || field.name().equals("row_id")) {
        builder.withDictionaryEncoding(field.name(), false);
      }
      if (field.name().equals("event_id") || field.name().equals("row_id")) {
        // Random identifiers: their minimum and maximum never skip a row group, and keeping them
        // compares every value twice.
        builder.withStatisticsEnabled(field.name(), false);
      }
    }
    return builder;
  }

  static long micros(Instant instant) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
  }

  private static GenericRecord row(WarehouseTable table, Event event, long seq) {
    GenericRecord r = new GenericData.Record(schema(table));
    r.put("event_id", event.eventId());
    r.put("run_id", event.runId());
    r.put("started_at", micros(event.startedAt()));
    r.put("ingest_seq", seq);
    return r;
  }

  public static GenericRecord run(RunStarted e, long seq, RawEvent raw) {
    GenericRecord r = row(WarehouseTable.RUNS, e, seq);
    r.put("log_timestamp", raw.timestamp * 1000);
    r.put("log_partition", raw.partition);
    r.put("log_offset", raw.offset);
    r.put("kind", "run_started");
    r.put("emitted_at", micros(e.emittedAt()));
    r.put("dataset", e.dataset());
    r.put("test_suite", e.testSuite());
    r.put("test_name", e.testName());
    r.put("tag", e.tag());
    r.put("source", e.source());
    r.put("testbed", e.testbed());
    if (e.parameters() != null) {
      var p = e.parameters();
      r.put("workload", p.workload());
      r.put("tables", p.tables());
      r.put("table_size", p.tableSize());
      r.put("warehouses", p.warehouses());
      r.put("duration_s", p.durationS());
      r.put("duration_unit", p.durationUnit());
      r.put("iterations", p.iterations());
      r.put("threads", p.threads().stream().map(String::valueOf).collect(Collectors.joining(",")));
      r.put("warmup_s", p.warmupS());
      r.put("report_interval_s", p.reportIntervalS());
      r.put("rand_type", p.randType());
    }
    r.put("properties_json", json(e.properties()));
    return r;
  }

  public static GenericRecord run(RunFinished e, long seq) {
    GenericRecord r = row(WarehouseTable.RUNS, e, seq);
    r.put("kind", "run_finished");
    r.put("emitted_at", micros(e.emittedAt()));
    r.put("status", e.status().name());
    r.put("error", e.error());
    r.put("properties_json", json(e.properties()));
    return r;
  }

  public static GenericRecord annotation(Annotation e, long seq) {
    GenericRecord r = row(WarehouseTable.ANNOTATIONS, e, seq);
    r.put("emitted_at", micros(e.emittedAt()));
    r.put("threads", e.threads());
    r.put("iteration", e.iteration());
    r.put("action", e.action().name());
    r.put("reason", e.reason());
    r.put("author", e.author());
    return r;
  }

  /** One row per printed statistic of a source report, each keyed by thread count and decimals. */
  public static List<GenericRecord> sourceStatistics(SourceStatistics e, long seq) {
    String title = String.join("\n", e.title());
    return e.statistics().stream()
        .map(
            s -> {
              GenericRecord r = row(WarehouseTable.SOURCE_STATISTICS, e, seq);
              r.put("emitted_at", micros(e.emittedAt()));
              r.put("metric", e.metric());
              r.put("source", e.source());
              r.put("title", title);
              r.put("threads", s.threads());
              r.put("statistic", s.statistic());
              r.put("value", s.value());
              r.put("decimals", s.decimals());
              return r;
            })
        .toList();
  }

  /** A run_source event, as a row of the runs table the runs view joins to its run. */
  public static GenericRecord run(RunSource e, long seq) {
    GenericRecord r = row(WarehouseTable.RUNS, e, seq);
    r.put("kind", "run_source");
    r.put("emitted_at", micros(e.emittedAt()));
    r.put("importer", e.importer());
    r.put("importer_version", e.importerVersion());
    r.put("source_files_json", json(e.files()));
    return r;
  }

  /** An alert event, its provenance's figures as columns and the whole of it as JSON. */
  public static GenericRecord alert(Alert e, long seq) {
    GenericRecord r = row(WarehouseTable.ALERT_EVENTS, e, seq);
    r.put("emitted_at", micros(e.emittedAt()));
    r.put("change", e.change().name());
    r.put("kind", e.kind().name());
    r.put("direction", e.direction());
    r.put("test_name", e.test());
    r.put("metric", e.metric());
    r.put("threads", e.threads());
    r.put("testbed", e.testbed());
    r.put("initial_state", e.initialState());
    r.put("located_run_id", e.locatedRunId());
    r.put("located_at", micros(e.locatedAt()));
    r.put("summary_id", e.summaryId());
    r.put("summary_label", e.summaryLabel());
    r.put("evaluated_commit", e.evaluatedCommit());
    r.put("why", e.why());
    Alert.Provenance p = e.provenance();
    r.put("detector", p.detector());
    r.put("parameters", p.parameters());
    r.put("magnitude_pct", p.magnitudePct());
    r.put("ci_low_pct", p.ciLowPct());
    r.put("ci_high_pct", p.ciHighPct());
    r.put("p_value", p.pValue());
    r.put("noise", p.noise());
    r.put("provenance_json", json(p));
    return r;
  }

  public static GenericRecord alertState(AlertState e, long seq) {
    GenericRecord r = row(WarehouseTable.ALERT_STATES, e, seq);
    r.put("emitted_at", micros(e.emittedAt()));
    r.put("state", e.state().name());
    r.put("link", e.link());
    r.put("note", e.note());
    r.put("author", e.author());
    return r;
  }

  public static GenericRecord alias(Alias e, long seq) {
    GenericRecord r = row(WarehouseTable.ALIASES, e, seq);
    r.put("emitted_at", micros(e.emittedAt()));
    r.put("kind", e.kind().name());
    r.put("from_name", e.from());
    r.put("to_name", e.to());
    r.put("author", e.author());
    return r;
  }

  public static GenericRecord retraction(Retraction e, long seq) {
    GenericRecord r = row(WarehouseTable.RETRACTIONS, e, seq);
    r.put("emitted_at", micros(e.emittedAt()));
    r.put("reason", e.reason());
    r.put("replaced_by", String.join(",", e.replacedBy()));
    r.put("source_files", String.join(",", e.sourceFiles()));
    return r;
  }

  public static GenericRecord environment(EnvironmentSnapshot e, long seq) {
    GenericRecord r = row(WarehouseTable.ENVIRONMENTS, e, seq);
    r.put("emitted_at", micros(e.emittedAt()));
    var h = e.host();
    r.put("host_name", h.name());
    r.put("cpu_model", h.cpuModel());
    r.put("logical_cpus", h.logicalCpus());
    r.put("cores", h.cores());
    r.put("sockets", h.sockets());
    r.put("ram_bytes", h.ramBytes());
    r.put("os", h.os());
    r.put("os_version", h.osVersion());
    r.put("kernel", h.kernel());
    r.put("disk", h.disk());
    r.put("facts_source", h.factsSource());
    var d = e.database();
    r.put("db_maker", d.maker());
    r.put("db_version", d.version());
    r.put("engine", d.engine());
    r.put("install_dir", d.installDir());
    r.put("config_origin", d.configOrigin());
    r.put("config_file", d.configFile());
    r.put("config_run_file", d.configRunFile());
    r.put("config_contents", d.configContents());
    r.put("variables_json", json(d.variables()));
    return r;
  }

  /** One row of the samples table (the many: set by column position, see {@link SampleRows}). */
  public static GenericRecord sample(Sample e, long seq) {
    return SampleRows.row(e, seq);
  }

  /** One row of the long-form iterations table. */
  public static GenericRecord iteration(
      String runId,
      Instant startedAt,
      int threads,
      int iteration,
      IterationMetric metric,
      String status,
      long seq) {
    GenericRecord r = new GenericData.Record(schema(WarehouseTable.ITERATIONS));
    r.put("event_id", metric.sourceEventId());
    r.put("run_id", runId);
    r.put("started_at", micros(startedAt));
    r.put("ingest_seq", seq);
    r.put(
        "row_id",
        EventIds.derived(
            runId,
            String.valueOf(threads),
            String.valueOf(iteration),
            metric.metric(),
            metric.sourceEventId()));
    r.put("threads", threads);
    r.put("iteration", iteration);
    r.put("metric", metric.metric());
    r.put("value", metric.value());
    r.put("unit", metric.unit());
    r.put("source", metric.source());
    r.put("computed", metric.computed());
    r.put("status", status);
    return r;
  }

  public static GenericRecord timing(IterationFinished e, TransactionTiming t, long seq) {
    GenericRecord r = row(WarehouseTable.TIMINGS, e, seq);
    r.put(
        "row_id",
        t.vu() == null
            ? EventIds.derived(e.eventId(), t.procedure())
            : EventIds.derived(e.eventId(), t.procedure(), "vu" + t.vu()));
    r.put("vu", t.vu());
    r.put("threads", e.threads());
    r.put("iteration", e.iteration());
    r.put("procedure", t.procedure());
    r.put("calls", t.calls());
    r.put("min", t.min());
    r.put("avg", t.avg());
    r.put("max", t.max());
    r.put("total", t.total());
    r.put("p50", t.p50());
    r.put("p95", t.p95());
    r.put("p25", t.p25());
    r.put("p75", t.p75());
    r.put("p99", t.p99());
    r.put("sd", t.sd());
    r.put("ratio_pct", t.ratioPct());
    r.put("unit", t.unit());
    r.put("sd_unit", t.sdUnit());
    r.put("elapsed_ms", t.elapsedMs());
    return r;
  }

  private static String json(Object value) {
    try {
      return EventCodec.mapper().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
