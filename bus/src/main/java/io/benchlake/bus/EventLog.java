package io.benchlake.bus;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Facts about the event topic that ingest needs before it starts a job. */
public final class EventLog {
  private EventLog() {}

  /**
   * Fetch sizes of readers that go through a log from one point to its end (ingest's job, its plain
   * reads): up to 8 MiB per partition and 64 MiB per fetch instead of Kafka's 1 and 50 MiB, and a 1
   * MiB socket buffer. On a million 620-byte events, consumer and embedded broker together spent a
   * third less CPU (0.8 against 1.2 s) with them, in fewer and larger fetches. A fetch still
   * returns as soon as there is something to read, so a follow ingest waits no longer.
   */
  public static final Map<String, String> BULK_FETCH =
      Map.of(
          ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG,
          String.valueOf(8 << 20),
          ConsumerConfig.FETCH_MAX_BYTES_CONFIG,
          String.valueOf(64 << 20),
          ConsumerConfig.RECEIVE_BUFFER_CONFIG,
          String.valueOf(1 << 20));

  /** How long a reader's call may wait for the broker before it fails. */
  public static final java.time.Duration API_TIMEOUT = java.time.Duration.ofSeconds(15);

  /**
   * How long the broker may hold a fetch of these readers that finds nothing new, in ms. They read
   * to an end they know, and the consumer sends its next fetch before it hands over the records: at
   * a partition's end that fetch finds nothing, and the move to the next partition and the
   * consumer's close wait for it. At Kafka's default of 500 ms a read of a few events of the two
   * partitions took 1.07-1.32 s, at 20 ms 0.11-0.12 s (bench/results/ci-time-20261207b.txt).
   */
  static final int BOUNDED_FETCH_WAIT_MS = 20;

  /**
   * Consumer settings every benchlake reader of a stretch of the log uses: only committed
   * (transactional) events, fetched in {@link #BULK_FETCH} sizes, an empty fetch held {@link
   * #BOUNDED_FETCH_WAIT_MS}.
   */
  public static Map<String, Object> readerConfig(String bootstrap) {
    Map<String, Object> config = new HashMap<>(BULK_FETCH);
    config.putAll(
        Map.of(
            ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
            bootstrap,
            ConsumerConfig.ISOLATION_LEVEL_CONFIG,
            "read_committed",
            ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG,
            false,
            ConsumerConfig.AUTO_OFFSET_RESET_CONFIG,
            "earliest",
            ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG,
            BOUNDED_FETCH_WAIT_MS,
            // A broker that went away is told in 15 s (as one that does not answer at start),
            // not after Kafka's default minute.
            ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG,
            (int) API_TIMEOUT.toMillis()));
    return config;
  }

  /**
   * Hands every committed record of the events topic, from the start to the end at the time of the
   * call, to {@code sink}, partition by partition in offset order.
   */
  public static long readAll(String bootstrap, java.util.function.Consumer<byte[]> sink) {
    return read(bootstrap, Topics.EVENTS, Map.of(), sink);
  }

  /**
   * Hands every committed record of {@code topic} from {@code from} (per partition; the start where
   * absent) to the end at the time of the call to {@code sink}.
   */
  public static long read(
      String bootstrap,
      String topic,
      Map<Integer, Long> from,
      java.util.function.Consumer<byte[]> sink) {
    long count = 0;
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            readerConfig(bootstrap), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      var partitions = partitions(consumer, topic);
      Map<TopicPartition, Long> ends = consumer.endOffsets(partitions);
      for (TopicPartition tp : partitions) {
        consumer.assign(java.util.List.of(tp));
        consumer.seek(tp, from.getOrDefault(tp.partition(), 0L));
        long end = ends.get(tp);
        while (consumer.position(tp) < end) {
          for (var record : consumer.poll(java.time.Duration.ofMillis(500))) {
            if (record.offset() < end) {
              sink.accept(record.value());
              count++;
            }
          }
        }
      }
    }
    return count;
  }

  /** The end offset of every partition of the events topic, as a read_committed reader sees it. */
  public static Map<Integer, Long> endOffsets(String bootstrap) {
    return endOffsets(bootstrap, Topics.EVENTS);
  }

  /** The end offset of every partition of a topic, as a read_committed reader sees it. */
  public static Map<Integer, Long> endOffsets(String bootstrap, String topic) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            readerConfig(bootstrap), new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      var partitions = partitions(consumer, topic);
      Map<Integer, Long> ends = new TreeMap<>();
      consumer.endOffsets(partitions).forEach((tp, offset) -> ends.put(tp.partition(), offset));
      return ends;
    }
  }

  /**
   * A Kafka cluster's id and its events topic's id (the warehouse records them with its offsets).
   */
  public record Identity(String clusterId, String topicId) {}

  /**
   * The identity of the event log: the Kafka cluster's id and the events topic's id. A new broker
   * directory or another cluster gives other ids even when the topic has the same name.
   */
  public static Identity identity(String bootstrap) {
    try (org.apache.kafka.clients.admin.Admin admin =
        org.apache.kafka.clients.admin.Admin.create(
            Map.of(
                org.apache.kafka.clients.admin.AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                bootstrap))) {
      // told within API_TIMEOUT, as the readers (Kafka's default for an admin call is a minute)
      int timeoutMs = (int) API_TIMEOUT.toMillis();
      String cluster =
          admin
              .describeCluster(
                  new org.apache.kafka.clients.admin.DescribeClusterOptions().timeoutMs(timeoutMs))
              .clusterId()
              .get();
      String topic =
          admin
              .describeTopics(
                  java.util.List.of(Topics.EVENTS),
                  new org.apache.kafka.clients.admin.DescribeTopicsOptions().timeoutMs(timeoutMs))
              .allTopicNames()
              .get()
              .get(Topics.EVENTS)
              .topicId()
              .toString();
      return new Identity(cluster, topic);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new BusException(
          "interrupted while asking " + bootstrap + " for the log's identity", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new BusException(
          "cannot ask " + bootstrap + " for the event log's identity: " + e.getCause(), e);
    }
  }

  /**
   * Per partition of the events topic, how many records read_committed readers cannot reach yet
   * because a transaction before them is still open (its last stable offset is behind its end
   * offset); partitions with none are absent.
   */
  public static Map<Integer, Long> heldBack(String bootstrap) {
    Map<Integer, Long> committed = endOffsets(bootstrap);
    Map<String, Object> config = readerConfig(bootstrap);
    config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_uncommitted");
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(config, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      Map<Integer, Long> held = new TreeMap<>();
      consumer
          .endOffsets(partitions(consumer, Topics.EVENTS))
          .forEach(
              (tp, end) -> {
                long behind = end - committed.getOrDefault(tp.partition(), end);
                if (behind > 0) {
                  held.put(tp.partition(), behind);
                }
              });
      return held;
    }
  }

  /**
   * A line for the user when an open transaction holds records back from readers (an import under
   * way, or one whose process died in a cluster this home does not know the publishers of).
   */
  public static java.util.Optional<String> heldBackNotice(String bootstrap) {
    Map<Integer, Long> held = heldBack(bootstrap);
    if (held.isEmpty()) {
      return java.util.Optional.empty();
    }
    long records = held.values().stream().mapToLong(Long::longValue).sum();
    return java.util.Optional.of(
        "Note: "
            + records
            + " record(s) on partition(s) "
            + held.keySet()
            + " are held back by an open transaction (an import under way); they are read once"
            + " it commits or aborts");
  }

  private static java.util.List<TopicPartition> partitions(
      KafkaConsumer<byte[], byte[]> consumer, String topic) {
    return consumer.partitionsFor(topic).stream()
        .map(p -> new TopicPartition(p.topic(), p.partition()))
        .sorted(java.util.Comparator.comparingInt(TopicPartition::partition))
        .toList();
  }
}
