package io.benchlake.cli;

import java.util.Locale;

/**
 * Tool outputs written for the tests from the formats (docs/formats: a HammerDB v4 CLI transcript,
 * a sysbench 1.0 log), never copied from real files: a VU ladder whose rungs may end without a
 * result, and a sysbench log with its intervals and summary.
 */
final class WrittenOutputs {
  private WrittenOutputs() {}

  /**
   * A HammerDB v4.12 CLI transcript of a vuset ladder: one timed run per VU count, each printing
   * its TEST RESULT and the jobid vurun returned; a rung with NOPM {@code -1} aborts after its
   * rampup (no result). Jobids start at {@code startEpochSeconds}, 10 minutes apart.
   */
  static String hammerdbLadder(long startEpochSeconds, int[] vus, long[] nopm) {
    StringBuilder out =
        new StringBuilder("HammerDB CLI v4.12\nCopyright (C) 2003-2024 Steve Shaw\n");
    out.append("Type \"help\" for a list of commands\n");
    for (int i = 0; i < vus.length; i++) {
      long start = startEpochSeconds + i * 600L;
      out.append("Vuser 1 created MONITOR - WAIT IDLE\n");
      for (int vu = 2; vu <= vus[i] + 1; vu++) {
        out.append("Vuser ").append(vu).append(" created - WAIT IDLE\n");
      }
      out.append(vus[i] + 1).append(" Virtual Users Created with Monitor VU\n");
      out.append("Vuser 1:RUNNING\nVuser 1:DBVersion:11.8.3\n");
      out.append("Vuser 1:Beginning rampup time of 1 minutes\n");
      out.append(
          "Vuser 2:RUNNING\nVuser 2:Processing 10000000 transactions with output suppressed...\n");
      out.append("Vuser 1:Rampup 1 minutes complete ...\n");
      out.append("Vuser 1:Rampup complete, Taking start Transaction Count.\n");
      out.append("Vuser 1:Timing test period of 2 in minutes\n");
      if (nopm[i] < 0) {
        out.append("Vuser 1:1 ...,\n");
        out.append("Error in Virtual User 1: lost connection to server during query\n");
        out.append("Vuser 1:FINISHED FAILED\nALL VIRTUAL USERS COMPLETE\n");
      } else {
        out.append("Vuser 1:1 ...,\nVuser 1:2 ...,\n");
        out.append("Vuser 1:Test complete, Taking end Transaction Count.\n");
        out.append("Vuser 1:").append(vus[i]).append(" Active Virtual Users configured\n");
        out.append("Vuser 1:TEST RESULT : System achieved ")
            .append(nopm[i])
            .append(" NOPM from ")
            .append(nopm[i] * 23 / 10)
            .append(" MariaDB TPM\n");
        out.append("Vuser 1:FINISHED SUCCESS\nALL VIRTUAL USERS COMPLETE\n");
      }
      out.append(
          String.format(
              Locale.ROOT,
              "Benchmark Run jobid=%08X%s\n",
              start,
              "479A03E263133333".substring(0, 16)));
      out.append("vudestroy success\n");
    }
    return out.toString();
  }

  /** A sysbench 1.0.20 oltp_read_write log: {@code seconds} interval lines, then its summary. */
  static String sysbench(int threads, int seconds, double tps) {
    StringBuilder out = new StringBuilder("sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)\n\n");
    out.append("Running the test with following options:\n");
    out.append("Number of threads: ").append(threads).append('\n');
    out.append("Report intermediate results every 1 second(s)\n");
    out.append("Initializing random number generator from current time\n\n\n");
    out.append("Initializing worker threads...\n\nThreads started!\n\n");
    for (int s = 1; s <= seconds; s++) {
      double t = tps + (s % 3 - 1) * 10;
      out.append(
          String.format(
              Locale.ROOT,
              "[ %ds ] thds: %d tps: %.2f qps: %.2f (r/w/o: %.2f/%.2f/%.2f) lat (ms,95%%): 4.57"
                  + " err/s: 0.00 reconn/s: 0.00\n",
              s,
              threads,
              t,
              t * 20,
              t * 14,
              t * 4,
              t * 2));
    }
    long transactions = Math.round(tps * seconds);
    out.append("SQL statistics:\n    queries performed:\n");
    out.append(
        String.format(
            Locale.ROOT, "        read:                            %d\n", transactions * 14));
    out.append(
        String.format(
            Locale.ROOT, "        write:                           %d\n", transactions * 4));
    out.append(
        String.format(
            Locale.ROOT, "        other:                           %d\n", transactions * 2));
    out.append(
        String.format(
            Locale.ROOT, "        total:                           %d\n", transactions * 20));
    out.append(
        String.format(
            Locale.ROOT,
            "    transactions:                        %d  (%.2f per sec.)\n",
            transactions,
            tps));
    out.append(
        String.format(
            Locale.ROOT,
            "    queries:                             %d (%.2f per sec.)\n",
            transactions * 20,
            tps * 20));
    out.append("    ignored errors:                      0      (0.00 per sec.)\n");
    out.append("    reconnects:                          0      (0.00 per sec.)\n\n");
    out.append("General statistics:\n");
    out.append(
        String.format(Locale.ROOT, "    total time:                          %d.0012s\n", seconds));
    out.append(
        String.format(
            Locale.ROOT, "    total number of events:              %d\n\n", transactions));
    out.append("Latency (ms):\n");
    out.append("         min:                                    0.85\n");
    out.append("         avg:                                    2.89\n");
    out.append("         max:                                   14.67\n");
    out.append("         95th percentile:                        4.57\n");
    out.append("         sum:                                79963.58\n\n");
    out.append("Threads fairness:\n");
    out.append(
        String.format(
            Locale.ROOT,
            "    events (avg/stddev):           %.4f/12.50\n",
            transactions / (double) threads));
    out.append(
        String.format(Locale.ROOT, "    execution time (avg/stddev):   %d.0000/0.00\n\n", seconds));
    return out.toString();
  }
}
