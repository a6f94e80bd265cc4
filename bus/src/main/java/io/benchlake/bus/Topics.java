package io.benchlake.bus;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

/** The two topics benchlake uses, and their creation. */
public final class Topics {
  /** The event log, the source of truth: kept forever. */
  public static final String EVENTS = "benchlake.events";

  /** Events ingest refused, with the reason and where they came from. */
  public static final String DLQ = "benchlake.dlq";

  private Topics() {}

  /** Creates both topics if missing; the events topic never expires anything. */
  public static void ensure(Admin admin, int partitions, short replication) {
    Map<String, String> keepForever = Map.of("retention.ms", "-1", "retention.bytes", "-1");
    List<NewTopic> wanted =
        List.of(
            new NewTopic(EVENTS, partitions, replication).configs(keepForever),
            new NewTopic(DLQ, 1, replication).configs(keepForever));
    try {
      Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
      List<NewTopic> missing = wanted.stream().filter(t -> !existing.contains(t.name())).toList();
      if (missing.isEmpty()) {
        return;
      }
      admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (!(e.getCause() instanceof TopicExistsException)) {
        throw new BusException("cannot create topics: " + e.getCause().getMessage(), e);
      }
    } catch (TimeoutException e) {
      throw new BusException("Kafka did not answer within 30 s while creating topics", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BusException("interrupted while creating topics", e);
    }
  }
}
