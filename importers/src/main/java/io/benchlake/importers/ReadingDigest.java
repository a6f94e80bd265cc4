package io.benchlake.importers;

import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** SHA-256 digests: of a file's bytes, of one event as published, of a whole reading's events. */
public final class ReadingDigest {
  private ReadingDigest() {}

  public static String of(byte[] bytes) {
    return HexFormat.of().formatHex(sha256().digest(bytes));
  }

  /** The digest of the events in their order, each as the codec publishes it. */
  public static String of(List<Event> events, EventCodec codec) {
    MessageDigest digest = sha256();
    for (Event e : events) {
      digest.update(codec.encode(e));
      digest.update((byte) '\n');
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
