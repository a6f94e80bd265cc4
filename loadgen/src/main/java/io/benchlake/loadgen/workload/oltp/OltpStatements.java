package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;

/**
 * One worker's server-side prepared statements for every sbtest table, executing the statement
 * groups of sysbench's oltp_read_write event in its order, each group on one random table.
 */
final class OltpStatements implements Transaction {
  private final OltpOptions options;
  private final Statement control;
  private final PreparedStatement[] pointSelect;
  private final PreparedStatement[] simpleRange;
  private final PreparedStatement[] sumRange;
  private final PreparedStatement[] orderRange;
  private final PreparedStatement[] distinctRange;
  private final PreparedStatement[] indexUpdate;
  private final PreparedStatement[] nonIndexUpdate;
  private final PreparedStatement[] delete;
  private final PreparedStatement[] insert;

  OltpStatements(Connection c, OltpOptions options) throws SQLException {
    this.options = options;
    c.setAutoCommit(true); // BEGIN and COMMIT are sent explicitly, as sysbench does
    control = c.createStatement();
    int n = options.tables();
    pointSelect = new PreparedStatement[n];
    simpleRange = new PreparedStatement[n];
    sumRange = new PreparedStatement[n];
    orderRange = new PreparedStatement[n];
    distinctRange = new PreparedStatement[n];
    indexUpdate = new PreparedStatement[n];
    nonIndexUpdate = new PreparedStatement[n];
    delete = new PreparedStatement[n];
    insert = new PreparedStatement[n];
    for (int i = 0; i < n; i++) {
      String t = "sbtest" + (i + 1);
      pointSelect[i] = c.prepareStatement("SELECT c FROM " + t + " WHERE id=?");
      simpleRange[i] = c.prepareStatement("SELECT c FROM " + t + " WHERE id BETWEEN ? AND ?");
      sumRange[i] = c.prepareStatement("SELECT SUM(k) FROM " + t + " WHERE id BETWEEN ? AND ?");
      orderRange[i] =
          c.prepareStatement("SELECT c FROM " + t + " WHERE id BETWEEN ? AND ? ORDER BY c");
      distinctRange[i] =
          c.prepareStatement(
              "SELECT DISTINCT c FROM " + t + " WHERE id BETWEEN ? AND ? ORDER BY c");
      indexUpdate[i] = c.prepareStatement("UPDATE " + t + " SET k=k+1 WHERE id=?");
      nonIndexUpdate[i] = c.prepareStatement("UPDATE " + t + " SET c=? WHERE id=?");
      delete[i] = c.prepareStatement("DELETE FROM " + t + " WHERE id=?");
      insert[i] = c.prepareStatement("INSERT INTO " + t + " (id, k, c, pad) VALUES (?, ?, ?, ?)");
    }
  }

  @Override
  public QueryCounts execute(SplittableRandom random) throws SQLException {
    control.execute("BEGIN");
    int reads = 0;
    int writes = 0;
    int table = table(random);
    for (int i = 0; i < options.pointSelects(); i++) {
      pointSelect[table].setLong(1, id(random));
      drain(pointSelect[table]);
      reads++;
    }
    reads += ranges(simpleRange, options.simpleRanges(), random);
    reads += ranges(sumRange, options.sumRanges(), random);
    reads += ranges(orderRange, options.orderRanges(), random);
    reads += ranges(distinctRange, options.distinctRanges(), random);
    table = table(random);
    for (int i = 0; i < options.indexUpdates(); i++) {
      indexUpdate[table].setLong(1, id(random));
      indexUpdate[table].executeUpdate();
      writes++;
    }
    table = table(random);
    for (int i = 0; i < options.nonIndexUpdates(); i++) {
      nonIndexUpdate[table].setString(1, SysbenchStrings.c(random));
      nonIndexUpdate[table].setLong(2, id(random));
      nonIndexUpdate[table].executeUpdate();
      writes++;
    }
    table = table(random);
    for (int i = 0; i < options.deleteInserts(); i++) {
      long id = id(random);
      delete[table].setLong(1, id);
      delete[table].executeUpdate();
      insert[table].setLong(1, id);
      insert[table].setLong(2, id(random));
      insert[table].setString(3, SysbenchStrings.c(random));
      insert[table].setString(4, SysbenchStrings.pad(random));
      insert[table].executeUpdate();
      writes += 2;
    }
    control.execute("COMMIT");
    return new QueryCounts(reads, writes, 2);
  }

  private int ranges(PreparedStatement[] statements, int count, SplittableRandom random)
      throws SQLException {
    int table = table(random);
    for (int i = 0; i < count; i++) {
      long start = id(random);
      statements[table].setLong(1, start);
      statements[table].setLong(2, start + options.rangeSize() - 1);
      drain(statements[table]);
    }
    return count;
  }

  private int table(SplittableRandom random) {
    return random.nextInt(options.tables());
  }

  private long id(SplittableRandom random) {
    return 1 + random.nextLong(options.tableSize());
  }

  private static void drain(PreparedStatement statement) throws SQLException {
    try (ResultSet rs = statement.executeQuery()) {
      while (rs.next()) {
        rs.getString(1);
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
