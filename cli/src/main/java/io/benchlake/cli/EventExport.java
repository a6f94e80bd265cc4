package io.benchlake.cli;

import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.InvalidEventException;
import java.io.IOException;
import java.util.Optional;

/**
 * One record of the event log as the JSON line `export events` writes: only a valid event, written
 * as read (unknown fields kept); a damaged record (cut, a flipped byte, no value) is left out and
 * counted, never a stack trace.
 */
final class EventExport {
  private final EventCodec codec = new EventCodec();
  private long leftOut;

  /**
   * The line of {@code value}, or empty when it is no valid event (counted in {@link #leftOut}).
   */
  Optional<String> line(byte[] value) {
    if (value == null) {
      leftOut++;
      return Optional.empty();
    }
    try {
      codec.decode(value);
      return Optional.of(
          EventCodec.mapper().writeValueAsString(EventCodec.mapper().readTree(value)));
    } catch (InvalidEventException | IOException | RuntimeException e) {
      // RuntimeException: a reader's fast path meeting damaged bytes it does not expect
      leftOut++;
      return Optional.empty();
    }
  }

  /** How many records were no valid event. */
  long leftOut() {
    return leftOut;
  }
}
