package io.benchlake.ingest;

import io.benchlake.ingest.job.LiveConflicts;
import io.benchlake.ingest.job.RawEvent;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventHead;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follow's content-conflict check, the batch's ({@link ContentConflicts}) as events arrive: the
 * first version of each id in the log stands; another with other content is refused with both in
 * the reason, unless a retraction took back the run of the first. It starts from one pass over the
 * log: the ids below where the job starts, and the retractions and acknowledgements up to the log's
 * end then (as a batch sees those up to its end); the job's routers add the rest as they read it.
 * Versions whose bytes differ are read again from the log and compared as the codec writes them, as
 * the batch does.
 */
final class FollowConflicts implements LiveConflicts, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(FollowConflicts.class);

  private final String bootstrap;
  private final EventIdIndex first;
  private final Set<String> retracted = new HashSet<>();
  private final Set<String> acknowledged = new HashSet<>();
  private final EventCodec codec = new EventCodec();
  private KafkaConsumer<byte[], byte[]> reader;
  private boolean closed;

  private FollowConflicts(String bootstrap, int expected) {
    this.bootstrap = bootstrap;
    this.first = new EventIdIndex(expected);
  }

  /**
   * The check for a follow job reading from {@code start} on, over a log that ends at {@code end}
   * now.
   */
  static FollowConflicts of(String bootstrap, Map<Integer, Long> start, Map<Integer, Long> end) {
    long began = System.nanoTime();
    long below = 0;
    for (var e : end.entrySet()) {
      below += Math.min(e.getValue(), start.getOrDefault(e.getKey(), 0L));
    }
    FollowConflicts c = new FollowConflicts(bootstrap, (int) Math.min(below, 1 << 22));
    ContentConflicts.read(
        bootstrap,
        Map.of(),
        end,
        id -> true,
        (id, v) -> {
          if (v.offset() < start.getOrDefault(v.partition(), 0L)) {
            c.history(id, v);
          }
        },
        c.retracted,
        c.acknowledged);
    LOG.info(
        "follow conflict check: {} event ids below the start, {} retracted runs, {}"
            + " acknowledgements, in {} ms",
        c.first.size(),
        c.retracted.size(),
        c.acknowledged.size(),
        (System.nanoTime() - began) / 1_000_000);
    return c;
  }

  /** An event of the log below the job's start: the first version of its id, in log order. */
  private void history(String eventId, ContentConflicts.Version v) {
    long key = EventIdIndex.key(eventId);
    if (!first.contains(key)) {
      first.put(key, v.digest(), EventIdIndex.place(v.partition(), v.offset()));
      return;
    }
    long held = first.place(key);
    if (first.digest(key) == v.digest() || EventIdIndex.partitionOf(held) == v.partition()) {
      return; // the same bytes, or a later offset of the same partition: the one held stands
    }
    // the same id in two partitions: the earlier append stands, as in the batch's log order
    ConsumerRecord<byte[], byte[]> other =
        ContentConflicts.record(
            reader(), EventIdIndex.partitionOf(held), EventIdIndex.offsetOf(held));
    if (v.timestamp() < other.timestamp()
        || (v.timestamp() == other.timestamp() && v.partition() < other.partition())) {
      first.put(key, v.digest(), EventIdIndex.place(v.partition(), v.offset()));
    }
  }

  @Override
  public synchronized String conflictOf(RawEvent raw, String eventId) {
    if (closed) {
      return null; // the job is being cancelled: nothing it reads now is committed
    }
    long key = EventIdIndex.key(eventId);
    long digest = ContentConflicts.digest(raw.value);
    long place = EventIdIndex.place(raw.partition, raw.offset);
    if (!first.contains(key)) {
      first.put(key, digest, place);
      return null;
    }
    long held = first.place(key);
    if (first.digest(key) == digest || held == place) {
      return null;
    }
    byte[] keptBytes =
        ContentConflicts.record(
                reader(), EventIdIndex.partitionOf(held), EventIdIndex.offsetOf(held))
            .value();
    EventHead kept = EventHead.of(keptBytes);
    if (kept == null || !kept.eventId().equals(eventId)) {
      return null; // another id whose hash is the same: not an earlier version of this one
    }
    if (retracted.contains(kept.runId())) {
      return null; // the run of the version seen first was taken back: the new one supersedes it
    }
    String keptJson = new String(keptBytes, StandardCharsets.UTF_8);
    String json = new String(raw.value, StandardCharsets.UTF_8);
    if (ContentConflicts.sameContent(codec, keptJson, json)) {
      return null;
    }
    return ContentConflicts.reason(
        eventId,
        io.benchlake.bus.Topics.EVENTS
            + "/"
            + EventIdIndex.partitionOf(held)
            + "@"
            + EventIdIndex.offsetOf(held),
        keptJson,
        json);
  }

  @Override
  public synchronized void retracted(String runId) {
    retracted.add(runId);
  }

  @Override
  public synchronized void acknowledged(String origin) {
    acknowledged.add(origin);
  }

  @Override
  public synchronized boolean isAcknowledged(String origin) {
    return acknowledged.contains(origin);
  }

  private KafkaConsumer<byte[], byte[]> reader() {
    if (reader == null) {
      reader = ContentConflicts.reader(bootstrap);
    }
    return reader;
  }

  @Override
  public synchronized void close() {
    closed = true;
    if (reader != null) {
      reader.close();
      reader = null;
    }
  }
}
