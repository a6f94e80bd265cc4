package io.benchlake.ingest.job;

import io.benchlake.schemas.Annotation;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.warehouse.WarehouseTable;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Parses and validates each event, writes runs, environments, samples, timings and annotations rows
 * to side outputs, and passes samples, iteration_finished and run_finished on to the run's
 * aggregate. An event the previous ingest already read (the offsets were held back for an open
 * iteration) only feeds the aggregate: its rows, or its refusal, were written then.
 */
public class EventRouter extends ProcessFunction<RawEvent, IterationPart> {
  private final IngestJob.Batch batch;
  private long seq;
  private transient EventCodec codec;

  public EventRouter(IngestJob.Batch batch) {
    this.batch = batch;
    this.seq = batch.seq();
  }

  /** The ingest sequence number the rows from now on carry (a follow job's next commit). */
  protected void rowsFromNowOn(long seq) {
    this.seq = seq;
  }

  @Override
  public void open(OpenContext context) {
    codec = new EventCodec();
  }

  @Override
  public void processElement(RawEvent raw, Context ctx, Collector<IterationPart> out) {
    boolean reRead = raw.offset < batch.previousReadUpTo().getOrDefault(raw.partition, 0L);
    Event event;
    try {
      event = codec.decode(raw.value);
    } catch (InvalidEventException e) {
      if (!reRead) {
        ctx.output(Tags.REFUSED, new RefusedEvent(raw.origin(), e.getMessage(), raw.value));
      }
      return;
    }
    toAggregate(event, raw, out);
    if (reRead) {
      return;
    }
    if (event instanceof RunStarted e) {
      ctx.output(Tags.TABLES.get(WarehouseTable.RUNS), Rows.run(e, seq, raw));
    } else if (event instanceof RunFinished e) {
      ctx.output(Tags.TABLES.get(WarehouseTable.RUNS), Rows.run(e, seq));
    } else if (event instanceof Annotation e) {
      ctx.output(Tags.TABLES.get(WarehouseTable.ANNOTATIONS), Rows.annotation(e, seq));
    } else if (event instanceof EnvironmentSnapshot e) {
      ctx.output(Tags.TABLES.get(WarehouseTable.ENVIRONMENTS), Rows.environment(e, seq));
    } else if (event instanceof Sample e) {
      ctx.output(Tags.TABLES.get(WarehouseTable.SAMPLES), Rows.sample(e, seq));
    } else if (event instanceof IterationFinished e) {
      e.timings()
          .forEach(
              t -> ctx.output(Tags.TABLES.get(WarehouseTable.TIMINGS), Rows.timing(e, t, seq)));
    }
  }

  /** What the run's aggregate needs of an event: samples and the events that end iterations. */
  private static void toAggregate(Event event, RawEvent raw, Collector<IterationPart> out) {
    if (event instanceof Sample e) {
      out.collect(new IterationPart(e, raw));
    } else if (event instanceof IterationFinished e) {
      out.collect(
          new IterationPart(e.runId(), IterationPart.iterationOf(e.threads(), e.iteration()), raw));
    } else if (event instanceof RunFinished e) {
      out.collect(new IterationPart(e.runId(), null, raw));
    }
  }
}
