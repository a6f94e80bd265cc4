package io.benchlake.importers.tpccmysql;

import java.util.List;

/**
 * One tpcc-mysql run ({@code tpcc_start}) as its output printed it: the {@code <Parameters>}
 * header, the 10-second lines of the measured window, the {@code <Raw Results>} per transaction and
 * the {@code <TpmC>} figure. {@code line} is where the run's output begins (1-based); a run cut off
 * before {@code <TpmC>} has none ({@code tpmC} null) and is a run that died.
 */
public record TpccMysqlResult(
    String file,
    String digest,
    int line,
    String generation,
    Integer warehouses,
    int connections,
    Integer rampupS,
    Integer measureS,
    String database,
    List<Interval> intervals,
    List<Transaction> transactions,
    Integer rawSeconds,
    Double tpmC) {

  /** The five transactions, in tpcc-mysql's order ([0] … [4]). */
  public static final List<String> NAMES =
      List.of("NewOrder", "Payment", "OrderStatus", "Delivery", "StockLevel");

  public TpccMysqlResult {
    intervals = List.copyOf(intervals);
    transactions = List.copyOf(transactions);
  }

  /**
   * One interval line: its end in seconds since measuring started, each transaction's count (late
   * ones included), and New-Order's 95th and 99th percentile and maximum response time in ms where
   * the generation printed them.
   */
  public record Interval(
      int line, int endS, List<Long> counts, Double p95Ms, Double p99Ms, Double maxMs) {
    public Interval {
      counts = List.copyOf(counts);
    }

    public long total() {
      return counts.stream().mapToLong(Long::longValue).sum();
    }
  }

  /** One {@code <Raw Results>} row: successes, late, retries, failures, average response (ms). */
  public record Transaction(
      String name, long success, long late, long retry, long failure, Double avgMs) {}

  /** Whether the run printed its result: one without it died (cut off, killed). */
  public boolean finished() {
    return tpmC != null;
  }

  /** Where this run is, for messages: file:line. */
  public String where() {
    return file + ":" + line;
  }
}
