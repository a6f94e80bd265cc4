package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventHead;
import io.benchlake.schemas.EventKind;
import io.benchlake.schemas.InvalidEventException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * Events that came back under an id already in the log with other content (docs/architecture.md,
 * Corrections): each is refused with both versions in the reason, unless a retraction took back the
 * run of the version seen first (a corrected import). The first version in the log stands, whether
 * the two are read by one ingest (a rebuild) or by two (the incremental path), so both paths write
 * the same warehouse and refuse the same events.
 *
 * <p>The ingest's range is read once for its ids, then the log before it for earlier versions of
 * those ids; the same content published twice (a repeated import, a producer retry) is no conflict,
 * even when its bytes differ (an export re-imported): events whose bytes differ are compared as the
 * codec writes them.
 */
final class ContentConflicts {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(ContentConflicts.class);

  private ContentConflicts() {}

  /** Where one version of an event is in the log, and a digest of its bytes. */
  record Version(int partition, long offset, long timestamp, String runId, long digest) {
    String origin() {
      return Topics.EVENTS + "/" + partition + "@" + offset;
    }

    /** Log order: offsets within a partition, append time across partitions. */
    boolean before(Version other) {
      if (partition == other.partition) {
        return offset < other.offset;
      }
      return timestamp != other.timestamp
          ? timestamp < other.timestamp
          : partition < other.partition;
    }
  }

  /**
   * What a pass over the log found: the events of the range to refuse, by origin
   * (topic/partition@offset), with the reason; and the origins of refused events acknowledged
   * anywhere in the log up to the range's end.
   */
  record Found(Map<String, String> refused, Set<String> acknowledged) {}

  /** The events of {@code [from, end)} to refuse, and the acknowledged origins. */
  static Found find(String bootstrap, Map<Integer, Long> from, Map<Integer, Long> end) {
    Set<String> acknowledged = new HashSet<>();
    return new Found(find(bootstrap, from, end, acknowledged), acknowledged);
  }

  private static Map<String, String> find(
      String bootstrap, Map<Integer, Long> from, Map<Integer, Long> end, Set<String> acknowledged) {
    long began = System.nanoTime();
    Map<String, Version> first = new HashMap<>();
    Map<String, List<Version>> others = new LinkedHashMap<>();
    Set<String> retracted = new HashSet<>();
    read(
        bootstrap,
        from,
        end,
        id -> true,
        (id, v) -> {
          Version seen = first.get(id);
          if (seen == null) {
            first.put(id, v);
          } else if (seen.digest() != v.digest()) {
            if (v.before(seen)) {
              first.put(id, v);
              v = seen;
            }
            others.computeIfAbsent(id, k -> new ArrayList<>()).add(v);
          }
        },
        retracted,
        acknowledged);
    // Versions an earlier ingest read: the first of them is the one that stands.
    Map<String, Version> earlier = new HashMap<>();
    read(
        bootstrap,
        Map.of(),
        from,
        first::containsKey,
        (id, v) -> earlier.merge(id, v, (a, b) -> b.before(a) ? b : a),
        retracted,
        acknowledged);
    earlier.forEach(
        (id, v) -> {
          Version inRange = first.put(id, v);
          if (inRange.digest() != v.digest()) {
            others.computeIfAbsent(id, k -> new ArrayList<>()).add(inRange);
          }
        });
    Map<String, String> refused = new LinkedHashMap<>();
    LOG.info(
        "conflict check: {} event ids in range, {} seen with other content, in {} ms",
        first.size(),
        others.size(),
        (System.nanoTime() - began) / 1_000_000);
    if (others.isEmpty()) {
      return refused;
    }
    EventCodec codec = new EventCodec();
    for (var e : others.entrySet()) {
      Version kept = first.get(e.getKey());
      if (retracted.contains(kept.runId())) {
        continue; // the run of the version seen first was taken back: the new one supersedes it
      }
      String keptJson = text(bootstrap, kept);
      for (Version v : e.getValue()) {
        if (v.digest() == kept.digest()) {
          continue;
        }
        String json = text(bootstrap, v);
        if (!sameContent(codec, keptJson, json)) {
          refused.put(v.origin(), reason(e.getKey(), kept.origin(), keptJson, json));
        }
      }
    }
    return refused;
  }

  /** Why a version with other content than the one that stands is refused, both in full. */
  static String reason(String eventId, String keptOrigin, String keptJson, String json) {
    return "event_id "
        + eventId
        + " was published before with other content (a changed re-import needs a"
        + " retraction: import the source again); first at "
        + keptOrigin
        + ": "
        + keptJson
        + " | this one: "
        + json;
  }

  interface Visitor {
    void accept(String eventId, Version version);
  }

  /**
   * Each event of {@code [from, to)} whose id is {@code wanted}: its id and version (its bytes are
   * hashed only then); the runs retracted go to {@code retracted}, the origins acknowledged to
   * {@code acknowledged}.
   */
  static void read(
      String bootstrap,
      Map<Integer, Long> from,
      Map<Integer, Long> to,
      java.util.function.Predicate<String> wanted,
      Visitor visitor,
      Set<String> retracted,
      Set<String> acknowledged) {
    try (KafkaConsumer<byte[], byte[]> consumer =
        new KafkaConsumer<>(
            EventLog.readerConfig(bootstrap),
            new ByteArrayDeserializer(),
            new ByteArrayDeserializer())) {
      for (var range : to.entrySet()) {
        long start = from.getOrDefault(range.getKey(), 0L);
        long stop = range.getValue();
        if (start >= stop) {
          continue;
        }
        TopicPartition tp = new TopicPartition(Topics.EVENTS, range.getKey());
        consumer.assign(List.of(tp));
        consumer.seek(tp, start);
        while (consumer.position(tp) < stop) {
          for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
            if (r.offset() >= stop || r.value() == null) {
              continue;
            }
            EventHead head = EventHead.of(r.value());
            if (head == null) {
              continue; // not an event: the job refuses it
            }
            if (head.is(EventKind.RETRACTION)) {
              retracted.add(head.runId());
            }
            if (head.is(EventKind.ACKNOWLEDGEMENT)) {
              acknowledged.add(originOf(r.value()));
            }
            if (!wanted.test(head.eventId())) {
              continue;
            }
            visitor.accept(
                head.eventId(),
                new Version(
                    r.partition(), r.offset(), r.timestamp(), head.runId(), digest(r.value())));
          }
        }
      }
    }
  }

  /** The origin an acknowledgement names ("" when it names none: it acknowledges nothing). */
  private static String originOf(byte[] acknowledgement) {
    try {
      return EventCodec.mapper().readTree(acknowledgement).path("origin").asText("");
    } catch (java.io.IOException e) {
      return "";
    }
  }

  /** The bytes of one version as text, read again from the log. */
  private static String text(String bootstrap, Version v) {
    try (KafkaConsumer<byte[], byte[]> consumer = reader(bootstrap)) {
      return new String(
          record(consumer, v.partition(), v.offset()).value(), StandardCharsets.UTF_8);
    }
  }

  /** A consumer of the events topic for {@link #record}. */
  static KafkaConsumer<byte[], byte[]> reader(String bootstrap) {
    return new KafkaConsumer<>(
        EventLog.readerConfig(bootstrap), new ByteArrayDeserializer(), new ByteArrayDeserializer());
  }

  /** The record at {@code offset} of a partition of the events topic, read again. */
  static ConsumerRecord<byte[], byte[]> record(
      KafkaConsumer<byte[], byte[]> consumer, int partition, long offset) {
    TopicPartition tp = new TopicPartition(Topics.EVENTS, partition);
    consumer.assign(List.of(tp));
    consumer.seek(tp, offset);
    for (int polls = 0; polls < 20; polls++) {
      for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(500))) {
        if (r.offset() == offset && r.value() != null) {
          return r;
        }
      }
    }
    throw new IllegalStateException(
        "cannot read " + Topics.EVENTS + "/" + partition + "@" + offset + " again");
  }

  /** Whether two versions say the same once bound and written by the codec. */
  static boolean sameContent(EventCodec codec, String a, String b) {
    try {
      return codec
          .encodeToString(codec.decodeValidated(a.getBytes(StandardCharsets.UTF_8)))
          .equals(codec.encodeToString(codec.decodeValidated(b.getBytes(StandardCharsets.UTF_8))));
    } catch (InvalidEventException e) {
      return false;
    }
  }

  /** The first 64 bits of the SHA-256 of the bytes. */
  static long digest(byte[] bytes) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
      long x = 0;
      for (int i = 0; i < 8; i++) {
        x = (x << 8) | (d[i] & 0xff);
      }
      return x;
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
