package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.home.EnvironmentException;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Manifest.LogIdentity;
import java.util.Map;
import java.util.TreeMap;

/**
 * Ties committed offsets to the event log they came from. Offsets of another log (a lost broker
 * directory, a shared warehouse used from another home) mean nothing there: ingesting from them
 * would skip that log's events below them silently.
 */
final class LogCheck {
  private LogCheck() {}

  /** The identity of the log at {@code bootstrap}, as the warehouse's manifest records it. */
  static LogIdentity identity(String bootstrap) {
    EventLog.Identity id = EventLog.identity(bootstrap);
    return new LogIdentity(id.clusterId(), id.topicId());
  }

  /**
   * The identity to commit with: {@code found} when the warehouse was built from it, or was written
   * before logs were recorded and the log reaches at least as far as it committed (the log is
   * adopted); otherwise a one-line {@link EnvironmentException}.
   */
  static LogIdentity check(
      Manifest current, LogIdentity found, Map<Integer, Long> end, String bootstrap) {
    if (current.seq() == 0 || found.equals(current.log())) {
      return found;
    }
    if (current.log() != null) {
      throw new EnvironmentException(
          "the event log at "
              + bootstrap
              + " ("
              + found
              + ") is not the one the warehouse was built from ("
              + current.log()
              + "); point --bootstrap at that log, or run `benchlake ingest --rebuild` to rebuild"
              + " the warehouse from this log alone (what it holds is all the warehouse will hold)");
    }
    Map<Integer, Long> short_ = shortOf(current.readUpTo(), end);
    if (!short_.isEmpty()) {
      throw new EnvironmentException(
          "the event log at "
              + bootstrap
              + " ends before the offsets the warehouse committed (partition: committed → log end "
              + describe(short_, current.readUpTo(), end)
              + "), so it is not the log the warehouse was built from (or it lost events); point"
              + " --bootstrap at that log, or move the warehouse directory aside and run `benchlake"
              + " ingest` to build a new one from this log alone");
    }
    return found;
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
          .append(committed.get(p))
          .append(" → ")
          .append(end.getOrDefault(p, 0L));
    }
    return text.toString();
  }
}
