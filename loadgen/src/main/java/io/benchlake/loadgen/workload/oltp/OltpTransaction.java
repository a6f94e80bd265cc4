package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.RandomKeys;
import io.benchlake.loadgen.workload.Transaction;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * One worker's server-side prepared statements for the groups of an OLTP script on every sbtest
 * table, run in the script's order, each group on one table picked uniformly.
 */
final class OltpTransaction implements Transaction {
  private final OltpOptions options;
  private final List<StatementGroup> groups;
  private final int[] counts;
  private final boolean transactional;
  private final RandomKeys keys;
  private final Statement control;
  // BEGIN and COMMIT are prepared on the server and executed, as sysbench's oltp_common.lua does
  private final PreparedStatement begin;
  private final PreparedStatement commit;
  // [group][table][statement of the group]
  private final PreparedStatement[][][] statements;

  OltpTransaction(
      Connection c,
      OltpOptions options,
      List<StatementGroup> groups,
      boolean transactional,
      RandomKeys keys)
      throws SQLException {
    this.options = options;
    this.groups = groups;
    this.transactional = transactional;
    this.keys = keys;
    c.setAutoCommit(true); // BEGIN and COMMIT are sent explicitly, as sysbench does
    control = c.createStatement();
    begin = transactional ? c.prepareStatement("BEGIN") : null;
    commit = transactional ? c.prepareStatement("COMMIT") : null;
    counts = new int[groups.size()];
    statements = new PreparedStatement[groups.size()][options.tables()][];
    for (int g = 0; g < groups.size(); g++) {
      counts[g] = groups.get(g).count(options);
      if (counts[g] == 0) {
        continue;
      }
      for (int t = 0; t < options.tables(); t++) {
        List<String> sql = groups.get(g).sql("sbtest" + (t + 1));
        statements[g][t] = new PreparedStatement[sql.size()];
        for (int s = 0; s < sql.size(); s++) {
          statements[g][t][s] = c.prepareStatement(sql.get(s));
        }
      }
    }
  }

  @Override
  public QueryCounts execute() throws SQLException {
    if (transactional) {
      begin.execute();
    }
    int reads = 0;
    int writes = 0;
    for (int g = 0; g < counts.length; g++) {
      if (counts[g] == 0) {
        continue;
      }
      StatementGroup group = groups.get(g);
      PreparedStatement[] st = statements[g][(int) keys.uniform(1, options.tables()) - 1];
      for (int i = 0; i < counts[g]; i++) {
        switch (group) {
          case POINT_SELECTS -> {
            st[0].setLong(1, id());
            drain(st[0]);
          }
          case SIMPLE_RANGES, SUM_RANGES, ORDER_RANGES, DISTINCT_RANGES -> {
            long start = id();
            st[0].setLong(1, start);
            st[0].setLong(2, start + options.rangeSize() - 1);
            drain(st[0]);
          }
          case INDEX_UPDATES, DELETES -> {
            st[0].setLong(1, id());
            st[0].executeUpdate();
          }
          case NON_INDEX_UPDATES -> {
            st[0].setString(1, SysbenchStrings.c(keys));
            st[0].setLong(2, id());
            st[0].executeUpdate();
          }
          case DELETE_INSERTS -> {
            long id = id();
            long k = id();
            st[0].setLong(1, id);
            st[0].executeUpdate();
            st[1].setLong(1, id);
            st[1].setLong(2, k);
            st[1].setString(3, SysbenchStrings.c(keys));
            st[1].setString(4, SysbenchStrings.pad(keys));
            st[1].executeUpdate();
            writes++;
          }
        }
        if (group.read()) {
          reads++;
        } else {
          writes++;
        }
      }
    }
    if (transactional) {
      commit.execute();
    }
    return new QueryCounts(reads, writes, transactional ? 2 : 0);
  }

  private long id() {
    return keys.key(1, options.tableSize());
  }

  /** Reads every row, as sysbench fetches them, without decoding values nobody looks at. */
  static void drain(PreparedStatement statement) throws SQLException {
    try (ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        // the row is read; its values are not needed
      }
    }
  }

  @Override
  public void rollback() throws SQLException {
    control.execute("ROLLBACK");
  }

  @Override
  public void close() throws SQLException {
    control.close(); // closing the connection closes the prepared statements with it
  }
}
