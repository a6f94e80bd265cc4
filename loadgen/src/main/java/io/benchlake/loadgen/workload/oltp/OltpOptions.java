package io.benchlake.loadgen.workload.oltp;

/** The options of sysbench's oltp_* scripts, with sysbench's defaults. */
public record OltpOptions(
    int tables,
    long tableSize,
    int rangeSize,
    int pointSelects,
    int simpleRanges,
    int sumRanges,
    int orderRanges,
    int distinctRanges,
    int indexUpdates,
    int nonIndexUpdates,
    int deleteInserts,
    String storageEngine) {

  public OltpOptions {
    if (tables < 1) {
      throw new IllegalArgumentException("--tables must be at least 1, was " + tables);
    }
    if (tableSize < 1) {
      throw new IllegalArgumentException("--table-size must be at least 1, was " + tableSize);
    }
    if (rangeSize < 1) {
      throw new IllegalArgumentException("--range-size must be at least 1, was " + rangeSize);
    }
  }

  /** sysbench 1.0.20's defaults, with the table count and size given. */
  public static OltpOptions defaults(int tables, long tableSize) {
    return new OltpOptions(tables, tableSize, 100, 10, 1, 1, 1, 1, 1, 1, 1, "InnoDB");
  }
}
