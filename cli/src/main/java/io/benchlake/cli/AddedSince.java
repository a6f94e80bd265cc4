package io.benchlake.cli;

import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.util.HashSet;
import java.util.Optional;

/**
 * What the commits after one added, told from their manifests alone (no DuckDB session): whether
 * iteration rows or aliases may have come, the only rows an alerts' evaluation reads as new (a
 * series' new points; an alias that merges series). A commit of alert, triage or annotation events
 * alone adds neither.
 */
final class AddedSince {
  private AddedSince() {}

  /**
   * Whether the commits after {@code since} may have added iteration rows or aliases: true when
   * {@code since} is 0 (the whole history) or its manifest is no longer kept, so that nothing is
   * ever left unevaluated; false only when both tables list the same files as then.
   */
  static boolean resultsOrAliases(Warehouse warehouse, long since) {
    if (since <= 0) {
      return true;
    }
    Optional<Manifest> then = warehouse.manifestAt(since);
    if (then.isEmpty()) {
      return true;
    }
    Manifest now = warehouse.current();
    return changed(then.get(), now, WarehouseTable.ITERATIONS)
        || changed(then.get(), now, WarehouseTable.ALIASES);
  }

  private static boolean changed(Manifest then, Manifest now, WarehouseTable table) {
    return !new HashSet<>(then.files(table)).equals(new HashSet<>(now.files(table)));
  }
}
