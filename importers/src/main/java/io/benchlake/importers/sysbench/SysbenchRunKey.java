package io.benchlake.importers.sysbench;

import io.benchlake.importers.StartedAt;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;

/**
 * The run a sysbench log belongs to: its dataset, test and the date its path or sidecar gives
 * ({@code ""} when neither does, so logs without a date group into one run), and the testbed they
 * give ({@code ""}: none, the --testbed flag stands).
 */
record SysbenchRunKey(String dataset, String test, String date, String testbed) {

  /**
   * When the run started: the date given (a local time taken in {@code zone}, --timezone), else
   * {@code fallback} (--started-at).
   */
  Optional<Instant> startedAt(Optional<Instant> fallback, Optional<ZoneId> zone) {
    return date.isEmpty() ? fallback : Optional.of(StartedAt.parse("{date}", date, zone));
  }
}
