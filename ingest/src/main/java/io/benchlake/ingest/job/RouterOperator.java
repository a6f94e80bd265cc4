package io.benchlake.ingest.job;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.ProcessOperator;
import org.apache.flink.streaming.api.operators.TimestampedCollector;

/**
 * Runs an {@link EventRouter} and sends on the samples it holds at the end of the input and before
 * each checkpoint barrier, which a process function is not told of.
 */
public class RouterOperator extends ProcessOperator<RawEvent, IterationPart>
    implements BoundedOneInput {
  public RouterOperator(EventRouter router) {
    super(router);
  }

  /** Places a router on {@code events}. */
  public static SingleOutputStreamOperator<IterationPart> route(
      DataStream<RawEvent> events, EventRouter router) {
    return events.transform(
        "parse, validate and route events",
        TypeInformation.of(IterationPart.class),
        new RouterOperator(router));
  }

  @Override
  public void endInput() {
    ((EventRouter) userFunction).flush(new TimestampedCollector<>(output));
  }

  @Override
  public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
    super.prepareSnapshotPreBarrier(checkpointId);
    ((EventRouter) userFunction).flush(new TimestampedCollector<>(output));
  }
}
