package io.benchlake.loadgen.run;

import java.time.Instant;
import java.util.Optional;

/**
 * Which cells (thread count, iteration) of a run are already done, so a rerun of a plan goes on
 * where the last one stopped, under the same run id.
 */
public interface RunProgress {

  /** The run id and start of the run being continued. */
  record Resumed(String runId, Instant startedAt) {}

  /** The run this one continues, or empty for a new run. */
  Optional<Resumed> resumes();

  boolean done(int threads, int iteration);

  /** Called once the cell's events are published. */
  void completed(String runId, Instant startedAt, int threads, int iteration);

  /** Every cell to do, nothing remembered. */
  static RunProgress none() {
    return new RunProgress() {
      @Override
      public Optional<Resumed> resumes() {
        return Optional.empty();
      }

      @Override
      public boolean done(int threads, int iteration) {
        return false;
      }

      @Override
      public void completed(String runId, Instant startedAt, int threads, int iteration) {}
    };
  }
}
