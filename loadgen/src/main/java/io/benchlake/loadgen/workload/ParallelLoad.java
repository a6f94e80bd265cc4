package io.benchlake.loadgen.workload;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Loads numbered parts of a workload's data (tables, warehouses) on several loaders at once. */
public final class ParallelLoad {
  private ParallelLoad() {}

  /** One part's load. */
  @FunctionalInterface
  public interface Part {
    void load(int number) throws SQLException;
  }

  /**
   * Loads parts 1..{@code parts} on {@code loaders} threads; the first failure is thrown as the
   * SQLException it was, after the other loads are stopped.
   */
  public static void run(int loaders, int parts, String what, Part part) throws SQLException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, loaders));
    try {
      List<Future<?>> loads = new ArrayList<>();
      for (int n = 1; n <= parts; n++) {
        int number = n;
        loads.add(
            pool.submit(
                () -> {
                  part.load(number);
                  return null;
                }));
      }
      for (Future<?> load : loads) {
        load.get();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted while loading " + what, e);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      throw new IllegalStateException(e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }
}
