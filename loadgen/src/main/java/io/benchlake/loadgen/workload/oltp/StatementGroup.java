package io.benchlake.loadgen.workload.oltp;

import java.util.List;
import java.util.function.ToIntFunction;

/**
 * The statement groups of sysbench's oltp_common.lua, in the order an oltp_read_write event runs
 * them; each execution of a group runs its count of statements on one table picked uniformly.
 */
public enum StatementGroup {
  POINT_SELECTS(true, OltpOptions::pointSelects, "SELECT c FROM %s WHERE id=?"),
  SIMPLE_RANGES(true, OltpOptions::simpleRanges, "SELECT c FROM %s WHERE id BETWEEN ? AND ?"),
  SUM_RANGES(true, OltpOptions::sumRanges, "SELECT SUM(k) FROM %s WHERE id BETWEEN ? AND ?"),
  ORDER_RANGES(
      true, OltpOptions::orderRanges, "SELECT c FROM %s WHERE id BETWEEN ? AND ? ORDER BY c"),
  DISTINCT_RANGES(
      true,
      OltpOptions::distinctRanges,
      "SELECT DISTINCT c FROM %s WHERE id BETWEEN ? AND ? ORDER BY c"),
  INDEX_UPDATES(false, OltpOptions::indexUpdates, "UPDATE %s SET k=k+1 WHERE id=?"),
  NON_INDEX_UPDATES(false, OltpOptions::nonIndexUpdates, "UPDATE %s SET c=? WHERE id=?"),
  /** A delete and an insert of the same id, per count. */
  DELETE_INSERTS(
      false,
      OltpOptions::deleteInserts,
      "DELETE FROM %s WHERE id=?",
      "INSERT INTO %s (id, k, c, pad) VALUES (?, ?, ?, ?)"),
  /** oltp_delete's single delete. */
  DELETES(false, o -> 1, "DELETE FROM %s WHERE id=?");

  /** The read groups of oltp_read_only, in order. */
  public static final List<StatementGroup> READS =
      List.of(POINT_SELECTS, SIMPLE_RANGES, SUM_RANGES, ORDER_RANGES, DISTINCT_RANGES);

  /** The write groups of oltp_write_only, in order. */
  public static final List<StatementGroup> WRITES =
      List.of(INDEX_UPDATES, NON_INDEX_UPDATES, DELETE_INSERTS);

  private final boolean read;
  private final ToIntFunction<OltpOptions> count;
  private final List<String> templates;

  StatementGroup(boolean read, ToIntFunction<OltpOptions> count, String... templates) {
    this.read = read;
    this.count = count;
    this.templates = List.of(templates);
  }

  boolean read() {
    return read;
  }

  boolean range() {
    return this == SIMPLE_RANGES
        || this == SUM_RANGES
        || this == ORDER_RANGES
        || this == DISTINCT_RANGES;
  }

  int count(OltpOptions options) {
    if (range() && !options.rangeSelects()) {
      return 0;
    }
    return count.applyAsInt(options);
  }

  /** The SQL of the group's statements for one table. */
  List<String> sql(String table) {
    return templates.stream().map(t -> String.format(t, table)).toList();
  }
}
