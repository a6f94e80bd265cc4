package io.benchlake.loadgen.workload;

/** Statements sent by one transaction, classified as sysbench does: read, write, other. */
public record QueryCounts(int reads, int writes, int other) {
  public static final QueryCounts NONE = new QueryCounts(0, 0, 0);

  public int total() {
    return reads + writes + other;
  }
}
