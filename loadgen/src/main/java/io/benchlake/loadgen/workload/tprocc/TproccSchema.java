package io.benchlake.loadgen.workload.tprocc;

import io.benchlake.core.ClassPathText;
import io.benchlake.home.BadInputException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * The TPC-C database: the nine tables, loaded as clause 4.3.3.1 populates them by {@code
 * --build-vu} loaders in parallel (a warehouse each at a time), the secondary indexes after the
 * load, the five stored procedures, and the consistency conditions.
 */
final class TproccSchema {
  static final List<String> TABLES =
      List.of(
          "warehouse",
          "district",
          "customer",
          "history",
          "new_order",
          "orders",
          "order_line",
          "item",
          "stock");
  static final List<String> ROUTINES =
      List.of("NEWORD", "PAYMENT", "DELIVERY", "SLEV", "OSTAT", "TPCC_NURAND");

  private final TproccOptions options;
  private final TproccLoader loader;

  TproccSchema(TproccOptions options) {
    this.options = options;
    this.loader = new TproccLoader(options);
  }

  void build(DataSource dataSource) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement()) {
      for (String sql : statements("drop.sql", ";")) {
        st.execute(sql);
      }
      for (String sql : statements("schema.sql", ";")) {
        st.execute(sql.replace("${engine}", options.storageEngine()));
      }
      if (options.partitioned()) {
        st.execute(orderLinePartitions(options.warehouses()));
      }
      loader.items(c);
    }
    loader.warehouses(dataSource);
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement()) {
      for (String sql : statements("indexes.sql", ";")) {
        st.execute(sql);
      }
      for (String sql : statements("procedures.sql", "//")) {
        try {
          st.execute(sql);
        } catch (SQLException e) {
          throw new BadInputException(
              "the server does not accept the TPROC-C stored procedures (error "
                  + e.getErrorCode()
                  + ": "
                  + e.getMessage()
                  + "); TPROC-C runs its transactions as stored procedures");
        }
      }
    }
  }

  /**
   * order_line by ranges of warehouses: up to 10 partitions of equal width, the last open-ended (as
   * HammerDB partitions it for MariaDB).
   */
  static String orderLinePartitions(int warehouses) {
    int parts = Math.min(10, warehouses);
    int width = (warehouses + parts - 1) / parts;
    StringBuilder sql = new StringBuilder("ALTER TABLE order_line PARTITION BY RANGE (ol_w_id) (");
    for (int p = 1; p <= parts; p++) {
      sql.append(p == 1 ? "" : ", ")
          .append("PARTITION p")
          .append(p)
          .append(" VALUES LESS THAN (")
          .append(p == parts ? "MAXVALUE" : String.valueOf(p * width + 1))
          .append(')');
    }
    return sql.append(')').toString();
  }

  void drop(DataSource dataSource) throws SQLException {
    try (Connection c = dataSource.getConnection();
        Statement st = c.createStatement()) {
      for (String sql : statements("drop.sql", ";")) {
        st.execute(sql);
      }
    }
  }

  /** Says what is missing when the schema a run needs is not there. */
  void require(DataSource dataSource) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      String database = scalarText(c, "SELECT DATABASE()");
      List<String> missing = new ArrayList<>();
      for (String table : TABLES) {
        if (count(
                c,
                "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                    + " AND TABLE_NAME = '"
                    + table
                    + "'")
            == 0) {
          missing.add("table " + table);
        }
      }
      for (String routine : ROUTINES) {
        if (count(
                c,
                "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()"
                    + " AND UPPER(ROUTINE_NAME) = '"
                    + routine
                    + "'")
            == 0) {
          missing.add("procedure " + routine);
        }
      }
      if (!missing.isEmpty()) {
        throw new BadInputException(
            "the TPROC-C schema is not built in database '"
                + database
                + "' (missing: "
                + String.join(", ", missing)
                + "); run without --no-prepare to build it");
      }
      long warehouses = count(c, "SELECT COUNT(*) FROM warehouse");
      if (warehouses < options.warehouses()) {
        throw new BadInputException(
            "the TPROC-C schema in database '"
                + database
                + "' has "
                + warehouses
                + " warehouses, --warehouses asks for "
                + options.warehouses()
                + "; run without --no-prepare to rebuild it");
      }
    }
  }

  /** The consistency conditions the data breaks now, by number and name. */
  List<String> consistencyFailures(DataSource dataSource) throws SQLException {
    List<String> failures = new ArrayList<>();
    String text = resource("consistency.sql");
    String name = null;
    StringBuilder query = new StringBuilder();
    try (Connection c = dataSource.getConnection()) {
      for (String line : text.split("\n")) {
        if (line.startsWith("-- ") && line.matches("-- \\d+: .*")) {
          name = line.substring(3);
        } else if (!line.startsWith("--")) {
          query.append(line).append('\n');
          if (line.trim().endsWith(";")) {
            String sql = query.toString().trim();
            long broken = count(c, sql.substring(0, sql.length() - 1));
            if (broken > 0) {
              failures.add("condition " + name + " fails in " + broken + " places");
            }
            query.setLength(0);
          }
        }
      }
    }
    return failures;
  }

  private static long count(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String scalarText(Connection c, String sql) throws SQLException {
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }

  /** The statements of a resource file, split on lines or ends holding {@code separator}. */
  static List<String> statements(String resource, String separator) {
    String text = resource(resource);
    List<String> out = new ArrayList<>();
    String[] parts =
        separator.equals("//") ? text.split("(?m)^//\\s*$") : text.split(";\\s*(\\n|$)");
    for (String part : parts) {
      String sql = stripComments(part).trim();
      if (!sql.isEmpty()) {
        out.add(sql);
      }
    }
    return out;
  }

  private static String stripComments(String sql) {
    StringBuilder out = new StringBuilder();
    for (String line : sql.split("\n")) {
      if (!line.trim().startsWith("--")) {
        out.append(line).append('\n');
      }
    }
    return out.toString();
  }

  private static String resource(String name) {
    return ClassPathText.read(TproccSchema.class, "/tprocc/" + name);
  }
}
