package io.benchlake.loadgen.workload;

/**
 * Who runs a transaction: the worker's 0-based index among {@code threads} workers, its own random
 * keys (sysbench's thread_id and sysbench.rand) and its time profile, which outlives a reconnect.
 */
public record Worker(int index, int threads, RandomKeys keys, TimeProfile profile) {
  public Worker {
    if (index < 0 || index >= threads) {
      throw new IllegalArgumentException("worker " + index + " of " + threads);
    }
  }

  public Worker(int index, int threads, RandomKeys keys) {
    this(index, threads, keys, new TimeProfile());
  }
}
