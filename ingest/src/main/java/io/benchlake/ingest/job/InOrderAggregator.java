package io.benchlake.ingest.job;

import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.KeyedProcessOperator;
import org.apache.flink.streaming.api.operators.TimestampedCollector;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.util.Collector;

/**
 * The per-iteration aggregate of a batch whose runs' events arrive in the order of the log (each
 * run's partition read and parsed by one subtask, with no exchange that deals events out): it
 * writes an iteration as soon as its end is read, while the parsers go on, rather than once the
 * whole input is in and sorted ({@link IterationAggregator}, for the other case). At the end of the
 * input, what is still open is written if abandoned and otherwise reported as {@link
 * OpenIteration}, as the other aggregate does. What it holds is in memory, not in Flink state: a
 * batch is not restarted.
 */
public class InOrderAggregator extends KeyedProcessFunction<String, IterationPart, GenericRecord> {
  private final IngestJob.Batch batch;
  private transient EventCodec codec;
  private transient Map<String, Run> runs;

  /** One run's iterations still open, and its run_finished once read. */
  private static final class Run {
    final Map<String, List<IterationPart>> open = new LinkedHashMap<>();
    IterationPart end;
  }

  public InOrderAggregator(IngestJob.Batch batch) {
    this.batch = batch;
  }

  @Override
  public void open(OpenContext context) {
    codec = new EventCodec();
    runs = new HashMap<>();
  }

  @Override
  public void processElement(IterationPart part, Context ctx, Collector<GenericRecord> out)
      throws InvalidEventException {
    String runId = ctx.getCurrentKey();
    Run run = runs.get(runId);
    if (run == null) {
      run = new Run();
      runs.put(runId, run);
    }
    if (part.iteration == null) {
      run.end = run.end == null || part.offset > run.end.offset ? part : run.end;
      for (String iteration : new ArrayList<>(run.open.keySet())) {
        settle(runId, run, iteration, out);
      }
      return;
    }
    run.open.computeIfAbsent(part.iteration, k -> new ArrayList<>()).add(part);
    if (!part.isSample() || run.end != null) {
      settle(runId, run, part.iteration, out);
    }
  }

  /** Writes the iteration if it ended, and forgets it then; an open one waits for its end. */
  private void settle(String runId, Run run, String iteration, Collector<GenericRecord> out)
      throws InvalidEventException {
    if (!IterationAggregator.settle(
        runId, iteration, run.open.get(iteration), run.end, batch, codec, out)) {
      run.open.remove(iteration);
    }
  }

  /**
   * At the end of the input: what is still open is written if abandoned, and otherwise its
   * positions go to {@code open}, so that the next batch reads it again, whole.
   */
  void endOfInput(Collector<GenericRecord> out, Consumer<OpenIteration> open)
      throws InvalidEventException {
    for (var run : runs.entrySet()) {
      for (var iteration : run.getValue().open.entrySet()) {
        if (IterationAggregator.settle(
            run.getKey(),
            iteration.getKey(),
            iteration.getValue(),
            run.getValue().end,
            batch,
            codec,
            out)) {
          IterationAggregator.reportOpen(iteration.getValue(), open);
        }
      }
    }
    runs.clear();
  }

  /** The aggregate as an operator, told of the end of its input (a function is not). */
  public static KeyedProcessOperator<String, IterationPart, GenericRecord> operator(
      IngestJob.Batch batch) {
    return new EndAware(new InOrderAggregator(batch));
  }

  private static final class EndAware
      extends KeyedProcessOperator<String, IterationPart, GenericRecord>
      implements BoundedOneInput {
    EndAware(InOrderAggregator aggregator) {
      super(aggregator);
    }

    @Override
    public void endInput() throws InvalidEventException {
      ((InOrderAggregator) userFunction)
          .endOfInput(
              new TimestampedCollector<>(output),
              open -> output.collect(IterationAggregator.OPEN, new StreamRecord<>(open)));
    }
  }
}
