package io.benchlake.ingest;

import io.benchlake.bus.LogProbe;
import io.benchlake.schemas.EventHead;
import io.benchlake.warehouse.Manifest.Fingerprint;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The last event below each committed offset, recorded with every commit ({@link LogCheck} reads it
 * back): its offset, event id and SHA-256.
 */
final class Fingerprints {
  private Fingerprints() {}

  /** The fingerprints of records found in the log. */
  static Map<Integer, Fingerprint> of(Map<Integer, LogProbe.Found> found) {
    Map<Integer, Fingerprint> out = new TreeMap<>();
    found.forEach((p, f) -> out.put(p, of(f.offset(), f.value())));
    return out;
  }

  static Fingerprint of(long offset, byte[] value) {
    EventHead head = value == null ? null : EventHead.of(value);
    return new Fingerprint(offset, head == null ? null : head.eventId(), sha256(value));
  }

  /**
   * The fingerprints below {@code readUpTo}: those of {@code previous} where the offsets did not
   * move since {@code previousReadUpTo}, the others read from the log.
   */
  static Map<Integer, Fingerprint> below(
      String bootstrap,
      Map<Integer, Fingerprint> previous,
      Map<Integer, Long> previousReadUpTo,
      Map<Integer, Long> readUpTo) {
    return below(
        moved -> LogProbe.lastBelow(bootstrap, moved), previous, previousReadUpTo, readUpTo);
  }

  /** As {@link #below(String, Map, Map, Map)}, read with {@code reader}. */
  static Map<Integer, Fingerprint> below(
      LogProbe.Reader reader,
      Map<Integer, Fingerprint> previous,
      Map<Integer, Long> previousReadUpTo,
      Map<Integer, Long> readUpTo) {
    return below(reader::lastBelow, previous, previousReadUpTo, readUpTo);
  }

  private static Map<Integer, Fingerprint> below(
      java.util.function.Function<Map<Integer, Long>, Map<Integer, LogProbe.Found>> lastBelow,
      Map<Integer, Fingerprint> previous,
      Map<Integer, Long> previousReadUpTo,
      Map<Integer, Long> readUpTo) {
    Map<Integer, Fingerprint> out = new TreeMap<>();
    Map<Integer, Long> moved = new TreeMap<>();
    readUpTo.forEach(
        (p, offset) -> {
          Fingerprint kept = previous == null ? null : previous.get(p);
          if (kept != null && offset.equals(previousReadUpTo.get(p))) {
            out.put(p, kept);
          } else if (offset > 0) {
            moved.put(p, offset);
          }
        });
    if (!moved.isEmpty()) {
      out.putAll(of(lastBelow.apply(moved)));
    }
    return out;
  }

  static String describe(Fingerprint f) {
    return "event_id " + f.eventId() + ", SHA-256 " + f.sha256().substring(0, 12) + "…";
  }

  private static String sha256(byte[] value) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(value == null ? new byte[0] : value));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }
}
