package io.benchlake.schemas;

import java.nio.charset.StandardCharsets;
import java.util.UUID;

/** Event and run identities: random for live runs, derived from content for imports. */
public final class EventIds {
  private EventIds() {}

  public static String random() {
    return UUID.randomUUID().toString();
  }

  /**
   * The id of an imported run, from (dataset label, test name, started_at, host), so that several
   * reports of the same runs (the NOPM and the TPM report) merge into the same runs.
   */
  public static String importedRun(
      String dataset, String test, java.time.Instant startedAt, String host) {
    return derived("run", dataset, test, startedAt.toString(), host == null ? "" : host);
  }

  /** A name-based UUID of the parts, so that importing the same thing twice gives the same id. */
  public static String derived(String... parts) {
    return UUID.nameUUIDFromBytes(String.join("\u001f", parts).getBytes(StandardCharsets.UTF_8))
        .toString();
  }
}
