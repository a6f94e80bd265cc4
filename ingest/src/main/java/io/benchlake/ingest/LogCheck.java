package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.bus.LogProbe;
import io.benchlake.bus.Topics;
import io.benchlake.home.EnvironmentException;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Manifest.Fingerprint;
import io.benchlake.warehouse.Manifest.LogIdentity;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Ties committed offsets to the event log they came from, cheaply, before every ingest: the log
 * must be the one recorded (cluster and topic id), end at or past what was committed, start where
 * it started (0, or the start a rebuild accepted), and still hold the last event below each
 * committed offset (its fingerprint). A log that fails any of these lost events or is another log:
 * ingesting from the committed offsets would skip events silently. The full count of events stays
 * with {@code --rebuild} and {@code verify}.
 */
final class LogCheck {
  private LogCheck() {}

  /**
   * What an ingest finds of the log before it reads: its identity, start and end offsets, and the
   * records now at the offsets of the committed fingerprints (absent where it holds none).
   */
  record Found(
      LogIdentity identity,
      Map<Integer, Long> start,
      Map<Integer, Long> end,
      Map<Integer, Fingerprint> atCommitted) {}

  /** The log at {@code bootstrap} as {@code current} is checked against it. */
  static Found find(String bootstrap, Manifest current) {
    try (LogProbe.Reader reader = LogProbe.reader(bootstrap)) {
      return find(reader, bootstrap, current);
    }
  }

  /**
   * As {@link #find(String, Manifest)}, its probes on {@code reader}, the log's identity asked on a
   * thread of its own meanwhile (an admin client: the slowest of the questions).
   */
  static Found find(LogProbe.Reader reader, String bootstrap, Manifest current) {
    CompletableFuture<EventLog.Identity> identity =
        CompletableFuture.supplyAsync(
            () -> EventLog.identity(bootstrap),
            task -> {
              Thread thread = new Thread(task, "benchlake log identity");
              thread.setDaemon(true);
              thread.start();
            });
    Map<Integer, Long> at = new TreeMap<>();
    if (current.fingerprints() != null) {
      current.fingerprints().forEach((p, f) -> at.put(p, f.offset()));
    }
    Map<Integer, Fingerprint> atCommitted;
    Map<Integer, Long> start;
    Map<Integer, Long> end;
    try {
      atCommitted = at.isEmpty() ? Map.of() : fingerprintsAt(reader, bootstrap, at);
      start = reader.startOffsets();
      end = reader.endOffsets(Topics.EVENTS);
    } catch (RuntimeException e) {
      identityOf(identity); // the log's identity told first, as when it was asked first
      throw e;
    }
    EventLog.Identity id = identityOf(identity);
    return new Found(new LogIdentity(id.clusterId(), id.topicId()), start, end, atCommitted);
  }

  private static EventLog.Identity identityOf(CompletableFuture<EventLog.Identity> identity) {
    try {
      return identity.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  private static Map<Integer, Fingerprint> fingerprintsAt(
      LogProbe.Reader reader, String bootstrap, Map<Integer, Long> at) {
    try {
      return Fingerprints.of(reader.at(at));
    } catch (org.apache.kafka.common.errors.CorruptRecordException
        | org.apache.kafka.common.errors.RecordDeserializationException e) {
      throw unreadable(bootstrap, at, e);
    } catch (org.apache.kafka.common.KafkaException e) {
      if (e.getMessage() == null || !e.getMessage().contains("fetching the next record")) {
        throw e;
      }
      throw unreadable(bootstrap, at, e);
    }
  }

  private static EnvironmentException unreadable(
      String bootstrap, Map<Integer, Long> at, RuntimeException e) {
    return new EnvironmentException(
        "the event log at "
            + bootstrap
            + " cannot be read where the warehouse committed its last events (partition: offset "
            + at
            + "): "
            + IngestFailures.firstLine(e)
            + "; a damaged segment: restore the broker's directory",
        e);
  }

  /**
   * The identity to commit with, once the log passes every check for {@code current}, with {@code
   * base} the start offsets it is held to (absent: 0); otherwise a one-line {@link
   * EnvironmentException}. A warehouse written before logs were recorded adopts a log that reaches
   * its offsets.
   */
  static LogIdentity check(
      Manifest current, Found found, Map<Integer, Long> base, String bootstrap) {
    refuseLostStart(found.start(), base, bootstrap);
    if (current.seq() == 0) {
      return found.identity();
    }
    if (current.log() != null && !found.identity().equals(current.log())) {
      throw new EnvironmentException(
          "the event log at "
              + bootstrap
              + " ("
              + found.identity()
              + ") is not the one the warehouse was built from ("
              + current.log()
              + "); point --bootstrap at that log, or run `benchlake ingest --rebuild` to rebuild"
              + " the warehouse from this log alone (what it holds is all the warehouse will hold)");
    }
    Map<Integer, Long> short_ = shortOf(current.readUpTo(), found.end());
    if (!short_.isEmpty()) {
      throw new EnvironmentException(
          "the event log at "
              + bootstrap
              + " ends before the offsets the warehouse committed (partition: committed → log end "
              + describe(short_, current.readUpTo(), found.end())
              + "), so it lost events or is not the log the warehouse was built from; point"
              + " --bootstrap at that log, or move the warehouse directory aside and run `benchlake"
              + " ingest` to build a new one from this log alone");
    }
    refuseOtherEvents(current, found, base, bootstrap);
    return found.identity();
  }

  /** Refuses a log whose start in a partition is above {@code base} (0 where absent). */
  static void refuseLostStart(Map<Integer, Long> start, Map<Integer, Long> base, String bootstrap) {
    Map<Integer, Long> lost = new TreeMap<>();
    start.forEach(
        (p, offset) -> {
          if (offset > base.getOrDefault(p, 0L)) {
            lost.put(p, offset);
          }
        });
    if (!lost.isEmpty()) {
      throw new EnvironmentException(
          "the event log at "
              + bootstrap
              + " no longer starts where it started (partition: kept from → starts at "
              + describe(lost, base, start)
              + "): the events before were deleted (deleteRecords, retention), and the log is"
              + " meant to be kept whole; restore them, or accept the new start with `benchlake"
              + " ingest --rebuild --accept-log-start` (the runs they held are lost)");
    }
  }

  /**
   * Refuses a log that holds another event (or none) where the warehouse recorded the last event
   * below its offsets: a partition lost and written again under the same ids.
   */
  private static void refuseOtherEvents(
      Manifest current, Found found, Map<Integer, Long> base, String bootstrap) {
    if (current.fingerprints() == null) {
      return; // recorded by ingests from now on
    }
    for (var e : current.fingerprints().entrySet()) {
      Fingerprint committed = e.getValue();
      if (committed.offset() < base.getOrDefault(e.getKey(), 0L)) {
        continue; // before the start a rebuild accepted
      }
      Fingerprint now = found.atCommitted().get(e.getKey());
      if (!committed.equals(now)) {
        throw new EnvironmentException(
            "the event log at "
                + bootstrap
                + " holds "
                + (now == null || now.offset() != committed.offset()
                    ? "no event"
                    : "another event (" + Fingerprints.describe(now) + ")")
                + " at partition "
                + e.getKey()
                + " offset "
                + committed.offset()
                + ", where the warehouse committed "
                + Fingerprints.describe(committed)
                + ": the partition was lost and written again, or this is another log; restore"
                + " it, or move the warehouse directory aside and run `benchlake ingest` to build"
                + " a new one from this log alone");
      }
    }
  }

  /** The partitions where {@code end} is below {@code committed}, with their end. */
  static Map<Integer, Long> shortOf(Map<Integer, Long> committed, Map<Integer, Long> end) {
    Map<Integer, Long> short_ = new TreeMap<>();
    committed.forEach(
        (partition, offset) -> {
          long logEnd = end.getOrDefault(partition, 0L);
          if (logEnd < offset) {
            short_.put(partition, logEnd);
          }
        });
    return short_;
  }

  static String describe(
      Map<Integer, Long> partitions, Map<Integer, Long> committed, Map<Integer, Long> end) {
    StringBuilder text = new StringBuilder();
    for (Integer p : partitions.keySet()) {
      text.append(text.length() == 0 ? "" : ", ")
          .append(p)
          .append(": ")
          .append(committed.getOrDefault(p, 0L))
          .append(" → ")
          .append(end.getOrDefault(p, 0L));
    }
    return text.toString();
  }
}
