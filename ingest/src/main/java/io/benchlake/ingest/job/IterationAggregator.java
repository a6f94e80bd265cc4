package io.benchlake.ingest.job;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.Sample;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.windowing.ProcessWindowFunction;
import org.apache.flink.streaming.api.windowing.windows.GlobalWindow;
import org.apache.flink.util.Collector;

/** Gathers one iteration's samples and finish event and writes its long-form rows. */
public class IterationAggregator
    extends ProcessWindowFunction<IterationPart, GenericRecord, String, GlobalWindow> {
  private final long seq;
  private transient EventCodec codec;

  public IterationAggregator(long seq) {
    this.seq = seq;
  }

  @Override
  public void open(OpenContext context) {
    codec = new EventCodec();
  }

  @Override
  public void process(
      String key, Context ctx, Iterable<IterationPart> parts, Collector<GenericRecord> out)
      throws InvalidEventException {
    List<Sample> samples = new ArrayList<>();
    List<IterationFinished> finished = new ArrayList<>();
    for (IterationPart part : parts) {
      Event event = codec.decode(part.json); // already validated by the router
      if (event instanceof Sample s) {
        samples.add(s);
      } else if (event instanceof IterationFinished f) {
        finished.add(f);
      }
    }
    Optional<IterationFinished> last = IterationAggregation.authoritative(finished);
    Event any = last.<Event>map(f -> f).orElseGet(() -> samples.get(0));
    int threads = last.map(IterationFinished::threads).orElseGet(() -> samples.get(0).threads());
    int iteration =
        last.map(IterationFinished::iteration).orElseGet(() -> samples.get(0).iteration());
    String status = last.map(f -> f.status().name()).orElse(IterationAggregation.INCOMPLETE);
    // Rows computed from samples take the identity of the finish event when there is one, so
    // that an ingest that saw the iteration whole always replaces one that saw only part of it.
    String sourceEvent = last.map(IterationFinished::eventId).orElse("samples:" + key);
    Instant startedAt = any.startedAt();
    for (IterationMetric metric : IterationAggregation.metrics(samples, finished, sourceEvent)) {
      out.collect(Rows.iteration(any.runId(), startedAt, threads, iteration, metric, status, seq));
    }
  }
}
