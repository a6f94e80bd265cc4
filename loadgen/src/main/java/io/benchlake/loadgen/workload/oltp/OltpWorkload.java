package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import javax.sql.DataSource;

/**
 * The sysbench OLTP scripts that are a sequence of statement groups on the sbtest tables:
 * oltp_read_write, oltp_read_only, oltp_write_only (BEGIN … COMMIT unless --skip-trx),
 * oltp_point_select, oltp_delete, oltp_update_index and oltp_update_non_index (autocommit).
 */
public final class OltpWorkload implements SbtestTables {
  private final String name;
  private final OltpOptions options;
  private final List<StatementGroup> groups;
  private final boolean transactional;

  private OltpWorkload(
      String name, OltpOptions options, List<StatementGroup> groups, boolean transactional) {
    this.name = name;
    this.options = options;
    this.groups = List.copyOf(groups);
    this.transactional = transactional && !options.skipTrx();
  }

  /** A script whose event is BEGIN, the groups, COMMIT. */
  public static OltpWorkload transactional(
      String name, OltpOptions options, List<StatementGroup> groups) {
    return new OltpWorkload(name, options, groups, true);
  }

  /** A script whose event is one group in autocommit mode. */
  public static OltpWorkload single(String name, OltpOptions options, StatementGroup group) {
    return new OltpWorkload(name, options, List.of(group), false);
  }

  /** oltp_point_select: one point select per event, whatever --point-selects says. */
  public static OltpWorkload pointSelect(OltpOptions options) {
    OltpOptions one = OltpOptions.from(withPointSelects(options));
    return new OltpWorkload("oltp_point_select", one, List.of(StatementGroup.POINT_SELECTS), false);
  }

  private static java.util.Map<String, String> withPointSelects(OltpOptions options) {
    java.util.Map<String, String> m = new java.util.LinkedHashMap<>(options.asMap());
    m.put("point-selects", "1");
    return m;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public OltpOptions options() {
    return options;
  }

  /** The statements one event sends, for checking the mix against the server's counters. */
  public QueryCounts mix() {
    int reads = 0;
    int writes = 0;
    for (StatementGroup g : groups) {
      int n = g.count(options) * (g == StatementGroup.DELETE_INSERTS ? 2 : 1);
      if (g.read()) {
        reads += n;
      } else {
        writes += n;
      }
    }
    return new QueryCounts(reads, writes, transactional ? 2 : 0);
  }

  @Override
  public void prepare(DataSource dataSource, int threads) throws SQLException {
    OltpSchema.prepare(dataSource, options, options.tableSize());
  }

  @Override
  public Transaction newTransaction(Connection connection, Worker worker) throws SQLException {
    return new OltpTransaction(connection, options, groups, transactional, worker.keys());
  }
}
