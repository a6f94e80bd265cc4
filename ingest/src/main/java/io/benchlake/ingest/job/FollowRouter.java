package io.benchlake.ingest.job;

import io.benchlake.schemas.Acknowledgement;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventHead;
import io.benchlake.schemas.Retraction;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;

/**
 * The router of a follow job: rows read after checkpoint N carry ingest sequence {@code first + N},
 * so that every commit's rows rank above those of the commits before it. Conflicts and
 * acknowledgements are judged as each event is read, by the session's {@link LiveConflicts} (a
 * batch knows them before it starts); without one (a test's session), as the batch says.
 */
public class FollowRouter extends EventRouter implements CheckpointedFunction {
  private final long first;
  private final String sessionId;
  private transient LiveConflicts conflicts;

  public FollowRouter(IngestJob.Batch batch, String sessionId) {
    super(batch);
    this.first = batch.seq();
    this.sessionId = sessionId;
  }

  @Override
  public void open(OpenContext context) {
    super.open(context);
    conflicts = FollowSession.of(sessionId).conflicts();
  }

  @Override
  protected String conflictOf(RawEvent raw) {
    if (conflicts == null) {
      return super.conflictOf(raw);
    }
    EventHead head = EventHead.of(raw.value);
    return head == null ? null : conflicts.conflictOf(raw, head.eventId());
  }

  @Override
  protected boolean isAcknowledged(String origin) {
    return conflicts == null ? super.isAcknowledged(origin) : conflicts.isAcknowledged(origin);
  }

  @Override
  protected void read(Event event) {
    if (conflicts == null) {
      return;
    }
    if (event instanceof Retraction r) {
      conflicts.retracted(r.runId());
    } else if (event instanceof Acknowledgement a) {
      conflicts.acknowledged(a.origin());
    }
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
