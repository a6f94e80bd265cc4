package io.benchlake.loadgen.workload;

/**
 * Who runs a transaction: the worker's 0-based index among {@code threads} workers and its own
 * random keys (sysbench's thread_id and sysbench.rand).
 */
public record Worker(int index, int threads, RandomKeys keys) {
  public Worker {
    if (index < 0 || index >= threads) {
      throw new IllegalArgumentException("worker " + index + " of " + threads);
    }
  }
}
