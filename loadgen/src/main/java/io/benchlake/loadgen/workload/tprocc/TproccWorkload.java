package io.benchlake.loadgen.workload.tprocc;

import io.benchlake.loadgen.workload.ServerCounter;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import io.benchlake.schemas.Property;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import javax.sql.DataSource;

/**
 * TPROC-C as HammerDB runs it on MariaDB: W warehouses, the five transactions as stored procedures
 * in the standard mix, NOPM from the districts' next order ids and TPM from the server's commits
 * and rollbacks, and xtprof's time profile per virtual user.
 */
public final class TproccWorkload implements Workload {
  public static final String NAME = "tprocc";

  private final TproccOptions options;
  private final TproccSchema schema;

  public TproccWorkload(TproccOptions options) {
    this.options = options;
    this.schema = new TproccSchema(options);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String suite() {
    return "hammerdb-tprocc";
  }

  @Override
  public String describeData(int threads) {
    return String.format(
        Locale.ROOT,
        "the TPROC-C schema of %d warehouses with %d build virtual users (%s)",
        options.warehouses(),
        options.buildVu(),
        options.storageEngine());
  }

  @Override
  public void prepare(DataSource dataSource, int threads) throws SQLException {
    schema.build(dataSource);
  }

  @Override
  public void requireData(DataSource dataSource, int threads) throws SQLException {
    schema.require(dataSource);
  }

  @Override
  public Transaction newTransaction(Connection connection, Worker worker) throws SQLException {
    return new TproccTransaction(connection, worker, options);
  }

  @Override
  public List<ServerCounter> counters() {
    return List.of(
        counter("NOPM", "SELECT SUM(d_next_o_id) FROM district"),
        counter(
            "TPM",
            "SELECT SUM(VARIABLE_VALUE) FROM information_schema.GLOBAL_STATUS"
                + " WHERE VARIABLE_NAME IN ('COM_COMMIT', 'COM_ROLLBACK')"));
  }

  @Override
  public boolean checksConsistency() {
    return true;
  }

  @Override
  public List<String> consistencyFailures(DataSource dataSource) throws SQLException {
    return schema.consistencyFailures(dataSource);
  }

  @Override
  public List<Property> properties() {
    return List.of(
        new Property("Number of warehouses", String.valueOf(options.warehouses())),
        new Property("Setup virtual user count", String.valueOf(options.buildVu())),
        new Property("All warehouses", options.allWarehouses() ? "true" : "false"),
        new Property("Keying and thinking time", options.keyingAndThinking() ? "true" : "false"),
        new Property("Storage engine", options.storageEngine()),
        new Property("Partitioned", options.partitioned() ? "true" : "false"));
  }

  @Override
  public void cleanup(DataSource dataSource, int threads) throws SQLException {
    schema.drop(dataSource);
  }

  private static ServerCounter counter(String name, String sql) {
    return new ServerCounter() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public long read(Connection monitor) throws SQLException {
        try (Statement st = monitor.createStatement();
            ResultSet rs = st.executeQuery(sql)) {
          rs.next();
          return rs.getLong(1);
        }
      }
    };
  }
}
