package io.benchlake.ingest.job;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Next to a follow job's Kafka readers: passes events on and tells the session, at each checkpoint,
 * the offset after the last event read in each partition, and when a checkpoint has completed
 * (every operator then has everything before it in files that are finished).
 */
public class ReadPositions extends ProcessFunction<RawEvent, RawEvent>
    implements CheckpointedFunction, CheckpointListener {
  private final String sessionId;
  private final Map<Integer, Long> previousReadUpTo;
  private transient FollowSession session;
  private transient Map<Integer, Long> next;
  private transient Map<Integer, Long> counted;

  /**
   * For the session {@code sessionId}, counting the records at or past {@code previousReadUpTo}
   * (what the previous ingest read up to).
   */
  public ReadPositions(String sessionId, Map<Integer, Long> previousReadUpTo) {
    this.sessionId = sessionId;
    this.previousReadUpTo = new HashMap<>(previousReadUpTo);
  }

  @Override
  public void open(OpenContext context) {
    session = FollowSession.of(sessionId);
    next = new HashMap<>();
    counted = new HashMap<>();
  }

  @Override
  public void processElement(RawEvent raw, Context ctx, Collector<RawEvent> out) {
    next.put(raw.partition, raw.offset + 1);
    if (raw.offset >= previousReadUpTo.getOrDefault(raw.partition, 0L)) {
      counted.merge(raw.partition, 1L, Long::sum);
    }
    out.collect(raw);
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) {
    session.positions(context.getCheckpointId(), next);
    session.counted(context.getCheckpointId(), counted);
  }

  @Override
  public void initializeState(FunctionInitializationContext context) {
    // Nothing to restore: a follow job is not restarted; the next ingest starts from the manifest.
  }

  @Override
  public void notifyCheckpointComplete(long checkpointId) {
    session.completed(checkpointId);
  }
}
