package io.benchlake.ingest.job;

import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

/**
 * The per-iteration aggregate of a follow job: holds each run's iterations until their end is read
 * (or they go silent for {@link IterationAggregator#ABANDONED_AFTER}) and writes them then, as the
 * batch aggregate does at the end of a batch. At each checkpoint it tells the session where the
 * iterations it still holds begin, so that the commit's offsets stop before them and a later ingest
 * reads them whole. What it holds is in memory, not in Flink state: a follow job is not restarted.
 */
public class FollowAggregator extends KeyedProcessFunction<String, IterationPart, GenericRecord>
    implements CheckpointedFunction {
  /**
   * How long a run must have had no event before its iterations may be taken as abandoned, and how
   * often it is looked at again while some are open (a minute in `ingest --follow`).
   */
  private final long quietMillis;

  private final IngestJob.Batch first;
  private final String sessionId;
  private transient FollowSession session;
  private transient EventCodec codec;
  private transient long seq;
  private transient Map<String, Run> runs;

  /**
   * The iterations (run|threads|iteration) written since the last checkpoint. One ingest writes an
   * iteration once (the views rank only rows of different ingests), so one ended again before the
   * next checkpoint (a run imported twice, a cell run again) waits for it.
   */
  private transient Set<String> writtenSinceCheckpoint;

  /** How soon an iteration waiting for the next checkpoint is looked at again. */
  private static final long DEFERRED_RETRY_MILLIS = 200;

  /** One run's iterations still open, and its run_finished once read. */
  private static final class Run {
    final Map<String, List<IterationPart>> open = new LinkedHashMap<>();
    final Set<String> deferred = new LinkedHashSet<>();
    IterationPart end;
    long timerAt;
    long lastArrival;
  }

  public FollowAggregator(IngestJob.Batch first, String sessionId, Duration quiet) {
    this.first = first;
    this.sessionId = sessionId;
    this.quietMillis = quiet.toMillis();
  }

  @Override
  public void open(OpenContext context) {
    session = FollowSession.of(sessionId);
    codec = new EventCodec();
    seq = first.seq();
    runs = new HashMap<>();
    writtenSinceCheckpoint = new HashSet<>();
  }

  @Override
  public void processElement(IterationPart part, Context ctx, Collector<GenericRecord> out)
      throws InvalidEventException {
    String runId = ctx.getCurrentKey();
    Run run = runs.computeIfAbsent(runId, k -> new Run());
    if (part.iteration == null) {
      run.end = run.end == null || part.offset > run.end.offset ? part : run.end;
      settleAll(runId, run, ctx.timerService(), out);
    } else {
      List<IterationPart> parts = run.open.computeIfAbsent(part.iteration, k -> new ArrayList<>());
      parts.add(part);
      if (!part.isSample() || run.end != null) {
        settle(runId, run, part.iteration, ctx.timerService(), out);
      }
    }
    if (run.open.isEmpty()) {
      runs.remove(runId);
    } else {
      run.lastArrival = ctx.timerService().currentProcessingTime();
      if (run.timerAt == 0) {
        // A look at the run again once it may have gone silent for good: an hour after this
        // event was emitted (soon, for an old run imported without its ends, as a batch does),
        // and not before its events stopped coming (an import arrives in one burst).
        long emitted =
            part.isSample() ? part.newestEmittedMicros / 1000 : System.currentTimeMillis();
        run.timerAt =
            Math.max(
                run.lastArrival + quietMillis,
                emitted + IterationAggregator.ABANDONED_AFTER.toMillis());
        ctx.timerService().registerProcessingTimeTimer(run.timerAt);
      }
    }
  }

  @Override
  public void onTimer(long timestamp, OnTimerContext ctx, Collector<GenericRecord> out)
      throws InvalidEventException {
    String runId = ctx.getCurrentKey();
    Run run = runs.get(runId);
    if (run == null) {
      return;
    }
    Set<String> waiting = new LinkedHashSet<>(run.deferred);
    run.deferred.clear();
    for (String iteration : waiting) {
      settle(runId, run, iteration, ctx.timerService(), out);
    }
    if (timestamp == run.timerAt && timestamp - run.lastArrival >= quietMillis) {
      // writes those silent for an hour, by their events' times
      settleAll(runId, run, ctx.timerService(), out);
    }
    if (run.open.isEmpty()) {
      runs.remove(runId);
    } else if (timestamp == run.timerAt) {
      run.timerAt = Math.max(timestamp, run.lastArrival) + quietMillis;
      ctx.timerService().registerProcessingTimeTimer(run.timerAt);
    }
  }

  private void settleAll(String runId, Run run, TimerService timers, Collector<GenericRecord> out)
      throws InvalidEventException {
    for (String iteration : new ArrayList<>(run.open.keySet())) {
      settle(runId, run, iteration, timers, out);
    }
  }

  /**
   * Writes the iteration if it ended or was abandoned, and forgets it then; one written since the
   * last checkpoint waits, held open, for the next.
   */
  private void settle(
      String runId, Run run, String iteration, TimerService timers, Collector<GenericRecord> out)
      throws InvalidEventException {
    String key = runId + "|" + iteration;
    if (writtenSinceCheckpoint.contains(key)) {
      if (run.deferred.add(iteration)) {
        timers.registerProcessingTimeTimer(timers.currentProcessingTime() + DEFERRED_RETRY_MILLIS);
      }
      return;
    }
    run.deferred.remove(iteration);
    IngestJob.Batch now =
        new IngestJob.Batch(seq, Instant.now(), first.previousReadUpTo(), first.previousStarted());
    if (!IterationAggregator.settle(
        runId, iteration, run.open.get(iteration), run.end, now, codec, out)) {
      run.open.remove(iteration);
      writtenSinceCheckpoint.add(key);
    }
  }

  @Override
  public void snapshotState(FunctionSnapshotContext context) {
    Map<Integer, Long> earliest = new HashMap<>();
    for (Run run : runs.values()) {
      for (List<IterationPart> parts : run.open.values()) {
        for (IterationPart p : parts) {
          p.forEachPosition((partition, offset) -> earliest.merge(partition, offset, Math::min));
        }
      }
    }
    session.open(context.getCheckpointId(), earliest);
    seq = first.seq() + context.getCheckpointId();
    writtenSinceCheckpoint.clear();
  }

  @Override
  public void initializeState(FunctionInitializationContext context) {
    // Nothing to restore: a follow job is not restarted.
  }
}
