package io.benchlake.ingest.job;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * Keeps refused events in this JVM so ingest can report them (the job runs on the in-process
 * MiniCluster). The dead-letter topic replaces it with "Production ingest".
 */
public class RefusedEventCollector implements Sink<RefusedEvent> {
  private static final List<RefusedEvent> REFUSED = Collections.synchronizedList(new ArrayList<>());

  public static List<RefusedEvent> drain() {
    synchronized (REFUSED) {
      List<RefusedEvent> copy = List.copyOf(REFUSED);
      REFUSED.clear();
      return copy;
    }
  }

  @Override
  public SinkWriter<RefusedEvent> createWriter(WriterInitContext context) {
    return new SinkWriter<>() {
      @Override
      public void write(RefusedEvent element, Context ctx) {
        REFUSED.add(element);
      }

      @Override
      public void flush(boolean endOfInput) {}

      @Override
      public void close() {}
    };
  }
}
