package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.testing.Fixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * One log of every sysbench generation imported through the launcher, ingested with the real Flink
 * job, and every value the warehouse holds checked against the number its file prints.
 */
class SysbenchGenerationsIT {
  private static void importLog(String file, String dataset, String test, String... more) {
    String[] args = {
      "import",
      "sysbench",
      Fixtures.path("sysbench-generations", file).toString(),
      "--dataset",
      dataset,
      "--test",
      test,
      "--started-at",
      "2019-03-01"
    };
    String[] all = new String[args.length + more.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    ImportRoundTripIT.ok(CliRunner.run(all));
  }

  private static String sql(String query) {
    CliRunner.Run run = CliRunner.run("sql", query, "--format", "csv");
    ImportRoundTripIT.ok(run);
    return run.out();
  }

  @Test
  void everyGenerationImportsAndIngestsWithTheValuesItsFilePrints() throws Exception {
    CliRunner.useFreshHome("sysbench-generations");
    importLog("sysbench-0.4.12_oltp_t8.log", "g04", "oltp_read_write");
    importLog("sysbench-0.5_deadlocks_t64.log", "g05a", "oltp_read_write");
    importLog("sysbench-0.5_errors_t64.log", "g05b", "oltp_read_write");
    importLog("sysbench-1.1.0_oltp_read_write_t16.log", "g11", "oltp_read_write");
    importLog("sysbench-tpcc_1.0.20_t64.log", "gtpcc", "tpcc");
    importLog("sysbench-1.0-patched_percentiles_t32.log", "gpatched", "oltp_read_write");
    importLog("sysbench-1.0_summary_excerpt.txt", "gexcerpt", "oltp_point_select", "--threads", "128");
    importLog("sysbench-1.1.0_failover_cut_t32.log", "gcut", "oltp_point_select");
    ImportRoundTripIT.ok(CliRunner.run("ingest"));

    assertEquals(
        String.join(
            "\n",
            "dataset,test_name,threads,metric,value,status",
            "g04,OLTP_RW,8,QPS,7087.31,completed",
            "g04,OLTP_RW,8,TPS,337.49,completed",
            "g04,OLTP_RW,8,deadlocks,3.0,completed",
            "g04,OLTP_RW,8,latency_avg_ms,23.7,completed",
            "g04,OLTP_RW,8,latency_max_ms,186.44,completed",
            "g04,OLTP_RW,8,latency_min_ms,6.01,completed",
            "g04,OLTP_RW,8,latency_p95_ms,35.36,completed",
            "g04,OLTP_RW,8,queries,425253.0,completed",
            "g04,OLTP_RW,8,transactions,20250.0,completed",
            "g05a,OLTP_RW,64,QPS,48037.01,completed",
            "g05a,OLTP_RW,64,TPS,2401.85,completed",
            "g05a,OLTP_RW,64,deadlocks,7.0,completed",
            "g05a,OLTP_RW,64,latency_avg_ms,26.64,completed",
            "g05a,OLTP_RW,64,latency_max_ms,412.9,completed",
            "g05a,OLTP_RW,64,latency_min_ms,3.12,completed",
            "g05a,OLTP_RW,64,latency_p99_ms,52.18,completed",
            "g05a,OLTP_RW,64,queries,2884200.0,completed",
            "g05a,OLTP_RW,64,transactions,144210.0,completed",
            "g05b,OLTP_RW,64,QPS,48037.21,completed",
            "g05b,OLTP_RW,64,TPS,2401.85,completed",
            "g05b,OLTP_RW,64,errors,12.0,completed",
            "g05b,OLTP_RW,64,latency_avg_ms,26.64,completed",
            "g05b,OLTP_RW,64,latency_max_ms,412.9,completed",
            "g05b,OLTP_RW,64,latency_min_ms,3.12,completed",
            "g05b,OLTP_RW,64,latency_p99_ms,52.18,completed",
            "g05b,OLTP_RW,64,queries,2884212.0,completed",
            "g05b,OLTP_RW,64,reconnects,0.0,completed",
            "g05b,OLTP_RW,64,transactions,144210.0,completed",
            "g11,OLTP_RW,16,QPS,35996.84,completed",
            "g11,OLTP_RW,16,TPS,1799.84,completed",
            "g11,OLTP_RW,16,errors,0.0,completed",
            "g11,OLTP_RW,16,latency_avg_ms,8.88,completed",
            "g11,OLTP_RW,16,latency_max_ms,61.02,completed",
            "g11,OLTP_RW,16,latency_min_ms,2.31,completed",
            "g11,OLTP_RW,16,latency_p95_ms,13.46,completed",
            "g11,OLTP_RW,16,queries,360080.0,completed",
            "g11,OLTP_RW,16,reconnects,0.0,completed",
            "g11,OLTP_RW,16,transactions,18004.0,completed",
            "gexcerpt,SELECT_SIMPLE,128,QPS,18373.78,completed",
            "gexcerpt,SELECT_SIMPLE,128,TPS,1837.38,completed",
            "gexcerpt,SELECT_SIMPLE,128,errors,0.0,completed",
            "gexcerpt,SELECT_SIMPLE,128,latency_avg_ms,69.65,completed",
            "gexcerpt,SELECT_SIMPLE,128,latency_max_ms,402.55,completed",
            "gexcerpt,SELECT_SIMPLE,128,latency_min_ms,0.11,completed",
            "gexcerpt,SELECT_SIMPLE,128,latency_p95_ms,121.08,completed",
            "gexcerpt,SELECT_SIMPLE,128,queries,5512340.0,completed",
            "gexcerpt,SELECT_SIMPLE,128,reconnects,0.0,completed",
            "gexcerpt,SELECT_SIMPLE,128,transactions,551234.0,completed",
            "gpatched,OLTP_RW,32,QPS,62003.36,completed",
            "gpatched,OLTP_RW,32,TPS,3100.17,completed",
            "gpatched,OLTP_RW,32,errors,0.0,completed",
            "gpatched,OLTP_RW,32,latency_avg_ms,10.31,completed",
            "gpatched,OLTP_RW,32,latency_max_ms,97.12,completed",
            "gpatched,OLTP_RW,32,latency_min_ms,1.44,completed",
            "gpatched,OLTP_RW,32,latency_p95_ms,15.27,completed",
            "gpatched,OLTP_RW,32,latency_p99.9_ms,33.12,completed",
            "gpatched,OLTP_RW,32,latency_p99_ms,18.95,completed",
            "gpatched,OLTP_RW,32,queries,1240340.0,completed",
            "gpatched,OLTP_RW,32,reconnects,0.0,completed",
            "gpatched,OLTP_RW,32,transactions,62017.0,completed",
            "gtpcc,SYSBENCH_TPCC,64,QPS,53362.32,completed",
            "gtpcc,SYSBENCH_TPCC,64,TPS,1304.66,completed",
            "gtpcc,SYSBENCH_TPCC,64,errors,76.0,completed",
            "gtpcc,SYSBENCH_TPCC,64,latency_avg_ms,49.02,completed",
            "gtpcc,SYSBENCH_TPCC,64,latency_max_ms,1733.41,completed",
            "gtpcc,SYSBENCH_TPCC,64,latency_min_ms,0.98,completed",
            "gtpcc,SYSBENCH_TPCC,64,latency_p95_ms,158.63,completed",
            "gtpcc,SYSBENCH_TPCC,64,queries,3203436.0,completed",
            "gtpcc,SYSBENCH_TPCC,64,reconnects,0.0,completed",
            "gtpcc,SYSBENCH_TPCC,64,transactions,78321.0,completed",
            ""),
        sql(
            "select r.dataset, r.test_name, i.threads, i.metric, i.value, i.status"
                + " from iterations i join runs r using (run_id) where not i.computed"
                + " order by 1, 4"));
    assertEquals(
        "dataset,property_value\n"
            + "g04,sysbench 0.4\ng05a,sysbench 0.5\ng05b,sysbench 0.5\ng11,sysbench 1.1\n"
            + "gcut,sysbench 1.1\ngexcerpt,sysbench 1.0\ngpatched,sysbench 1.0\n"
            + "gtpcc,sysbench 1.0\n",
        sql(
            "select r.dataset, json_extract_string(p, '$.value') as property_value from runs r,"
                + " unnest(CAST(r.properties_json AS JSON[])) as t(p)"
                + " where json_extract_string(p, '$.name') = 'sysbench generation' order by 1"));
    assertEquals(
        "threads,status\n32,failed\n",
        sql(
            "select i.threads, i.status from iterations i join runs r using (run_id)"
                + " where r.dataset = 'gcut' and i.metric = 'TPS' and i.computed"));
    assertEquals(
        "dataset,samples\ngcut,7\n",
        sql(
            "select r.dataset, count(*) as samples from samples s join runs r using (run_id)"
                + " where r.dataset = 'gcut' group by all"));
    assertEquals(
        "samples\n32\n",
        sql(
            "select count(*) as samples from samples s join runs r using (run_id)"
                + " where r.dataset in ('g05a', 'g05b', 'g11', 'gtpcc', 'gpatched')"));
  }
}
