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

  /**
   * How the topics are laid out on a cluster: partitions of the events topic and the replication
   * factor of both (0: as many brokers as the cluster has, at most 3).
   */
  public record Layout(int partitions, short replication) {
    public Layout {
      if (partitions < 1) {
        throw new io.benchlake.home.BadInputException(
            "--partitions must be at least 1, was " + partitions);
      }
      if (replication < 0) {
        throw new io.benchlake.home.BadInputException(
            "--replication-factor must be at least 1, was " + replication);
      }
    }

    /** The replication factor on a cluster of {@code brokers} brokers. */
    short replicationOn(int brokers) {
      if (replication > brokers) {
        throw new io.benchlake.home.BadInputException(
            "--replication-factor "
                + replication
                + " is more than the "
                + brokers
                + " broker(s) the cluster has");
      }
      return replication == 0 ? (short) Math.min(3, brokers) : replication;
    }
  }

  /**
   * Refuses an events topic that would delete events (docs/architecture.md, Data flow: the log is
   * the source of truth): one whose retention.ms or retention.bytes is not -1.
   */
  public static void requireKeptForever(Admin admin, String servers) {
    var resource =
        new org.apache.kafka.common.config.ConfigResource(
            org.apache.kafka.common.config.ConfigResource.Type.TOPIC, EVENTS);
    try {
      var topic = describe(admin, resource);
      for (String key : List.of("retention.ms", "retention.bytes")) {
        var entry = topic.get(key);
        if (entry != null && !"-1".equals(entry.value())) {
          throw new io.benchlake.home.BadInputException(
              "the topic "
                  + EVENTS
                  + " on "
                  + servers
                  + " would delete events ("
                  + key
                  + "="
                  + entry.value()
                  + "); the event log must be kept forever: set retention.ms=-1 and"
                  + " retention.bytes=-1 on it");
        }
      }
    } catch (ExecutionException | TimeoutException e) {
      throw new BusException(
          "cannot read the configuration of " + EVENTS + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BusException("interrupted while reading topic configuration", e);
    }
  }

  /**
   * A topic's configuration. A topic created a moment ago may not have reached the metadata of the
   * broker that answers yet (a cluster of several): asked again for up to 15 s.
   */
  private static org.apache.kafka.clients.admin.Config describe(
      Admin admin, org.apache.kafka.common.config.ConfigResource resource)
      throws ExecutionException, TimeoutException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (true) {
      try {
        return admin
            .describeConfigs(List.of(resource))
            .all()
            .get(30, TimeUnit.SECONDS)
            .get(resource);
      } catch (ExecutionException e) {
        if (!(e.getCause()
                instanceof org.apache.kafka.common.errors.UnknownTopicOrPartitionException)
            || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(200);
      }
    }
  }

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
