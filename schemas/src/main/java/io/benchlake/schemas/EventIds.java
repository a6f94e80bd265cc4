package io.benchlake.schemas;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** Event and run identities: random for live runs, derived from content for imports. */
public final class EventIds {
  private EventIds() {}

  public static String random() {
    return UUID.randomUUID().toString();
  }

  /** A name-based UUID of the parts, so that importing the same thing twice gives the same id. */
  public static String derived(String... parts) {
    return UUID.nameUUIDFromBytes(String.join("\u001f", parts).getBytes(StandardCharsets.UTF_8))
        .toString();
  }
}
