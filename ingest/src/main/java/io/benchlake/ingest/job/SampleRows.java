package io.benchlake.ingest.job;

import io.benchlake.schemas.Sample;
import io.benchlake.warehouse.WarehouseTable;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;

/** Samples as rows of the samples table, the table with the most rows. */
final class SampleRows {
  private SampleRows() {}

  /**
   * The positions of the samples table's columns: its rows are the many, so they are set by
   * position, without a lookup by name per value.
   */
  private static final class S {
    static final Schema SCHEMA = Rows.schema(WarehouseTable.SAMPLES);
    static final int INGEST_SEQ = position("ingest_seq");
    static final int STARTED_AT = position("started_at");
    static final int RUN_ID = position("run_id");
    static final int EVENT_ID = position("event_id");
    static final int EMITTED_AT = position("emitted_at");
    static final int THREADS = position("threads");
    static final int LIVE_THREADS = position("live_threads");
    static final int ITERATION = position("iteration");
    static final int OFFSET_S = position("offset_s");
    static final int INTERVAL_S = position("interval_s");
    static final int PHASE = position("phase");
    static final int TRANSACTIONS = position("transactions");
    static final int TPS = position("tps");
    static final int QPS = position("qps");
    static final int READS_PS = position("reads_ps");
    static final int WRITES_PS = position("writes_ps");
    static final int OTHER_PS = position("other_ps");
    static final int LATENCY_AVG_MS = position("latency_avg_ms");
    static final int LATENCY_PCT = position("latency_pct");
    static final int LATENCY_PCT_MS = position("latency_pct_ms");
    static final int LATENCY_MAX_MS = position("latency_max_ms");
    static final int ERRORS_PS = position("errors_ps");
    static final int RECONNECTS_PS = position("reconnects_ps");
    static final int NOPM = position("nopm");
    static final int TPM = position("tpm");
    static final int HOST_CPU_USER_PCT = position("host_cpu_user_pct");
    static final int HOST_CPU_SYSTEM_PCT = position("host_cpu_system_pct");
    static final int HOST_CPU_IOWAIT_PCT = position("host_cpu_iowait_pct");
    static final int HOST_CPU_IDLE_PCT = position("host_cpu_idle_pct");
    static final int SERVER_CPU_PCT = position("server_cpu_pct");

    private static int position(String column) {
      return SCHEMA.getField(column).pos();
    }
  }

  static GenericRecord row(Sample e, long seq) {
    GenericRecord r = new GenericData.Record(S.SCHEMA);
    r.put(S.EVENT_ID, e.eventId());
    r.put(S.RUN_ID, e.runId());
    r.put(S.STARTED_AT, Rows.micros(e.startedAt()));
    r.put(S.INGEST_SEQ, seq);
    r.put(S.EMITTED_AT, Rows.micros(e.emittedAt()));
    r.put(S.THREADS, e.threads());
    r.put(S.LIVE_THREADS, e.liveThreads());
    r.put(S.ITERATION, e.iteration());
    r.put(S.OFFSET_S, e.offsetS());
    r.put(S.INTERVAL_S, e.intervalS());
    r.put(S.PHASE, e.phase().name());
    r.put(S.TRANSACTIONS, e.transactions());
    r.put(S.TPS, e.tps());
    r.put(S.QPS, e.qps());
    r.put(S.READS_PS, e.readsPs());
    r.put(S.WRITES_PS, e.writesPs());
    r.put(S.OTHER_PS, e.otherPs());
    r.put(S.LATENCY_AVG_MS, e.latencyAvgMs());
    r.put(S.LATENCY_PCT, e.latencyPct());
    r.put(S.LATENCY_PCT_MS, e.latencyPctMs());
    r.put(S.LATENCY_MAX_MS, e.latencyMaxMs());
    r.put(S.ERRORS_PS, e.errorsPs());
    r.put(S.RECONNECTS_PS, e.reconnectsPs());
    r.put(S.NOPM, e.nopm());
    r.put(S.TPM, e.tpm());
    if (e.hostCpu() != null) {
      r.put(S.HOST_CPU_USER_PCT, e.hostCpu().userPct());
      r.put(S.HOST_CPU_SYSTEM_PCT, e.hostCpu().systemPct());
      r.put(S.HOST_CPU_IOWAIT_PCT, e.hostCpu().iowaitPct());
      r.put(S.HOST_CPU_IDLE_PCT, e.hostCpu().idlePct());
    }
    r.put(S.SERVER_CPU_PCT, e.serverCpuPct());
    return r;
  }
}
