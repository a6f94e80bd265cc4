package io.benchlake.ingest.job;

import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;

/**
 * The router of a follow job: rows read after checkpoint N carry ingest sequence {@code first + N},
 * so that every commit's rows rank above those of the commits before it.
 */
public class FollowRouter extends EventRouter implements CheckpointedFunction {
  private final long first;

  public FollowRouter(IngestJob.Batch batch) {
    super(batch);
    this.first = batch.seq();
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) {
    rowsFromNowOn(first + context.getCheckpointId());
  }

  @Override
  public void initializeState(FunctionInitializationContext context) {
    // Nothing to restore: a follow job is not restarted.
  }
}
