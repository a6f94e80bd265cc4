package io.benchlake.loadgen.workload.tprocc;

import io.benchlake.loadgen.workload.ParallelLoad;
import io.benchlake.loadgen.workload.RowInserter;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.Arrays;
import javax.sql.DataSource;

/**
 * The rows of the TPC-C database as clause 4.3.3.1 populates them: the items, then each warehouse
 * with its stock, districts, customers, history and orders, from random streams of the seed.
 */
final class TproccLoader {
  private static final int ROWS_PER_INSERT = 500;
  private static final int ITEMS = 100_000;
  private static final int DISTRICTS = 10;
  private static final int CUSTOMERS = 3000;
  private static final int FIRST_NEW_ORDER = 2101;

  private final TproccOptions options;

  TproccLoader(TproccOptions options) {
    this.options = options;
  }

  /** The 100,000 items, on {@code c}. */
  void items(Connection c) throws SQLException {
    try (RowInserter items = inserter(c, "item", "i_id i_im_id i_name i_price i_data")) {
      TpccRandom r = random(0);
      for (int i = 1; i <= ITEMS; i++) {
        items.add(i, r.uniform(1, 10000), r.astring(14, 24), r.decimal(100, 10000, 2), r.data());
      }
    }
  }

  /** Every warehouse's rows, by --build-vu loaders in parallel, a warehouse each at a time. */
  void warehouses(DataSource dataSource) throws SQLException {
    ParallelLoad.run(
        options.buildVu(),
        options.warehouses(),
        "warehouses",
        warehouse -> {
          try (Connection c = dataSource.getConnection()) {
            loadWarehouse(c, warehouse);
          }
        });
  }

  private void loadWarehouse(Connection c, int w) throws SQLException {
    TpccRandom r = random(w);
    LocalDateTime now = LocalDateTime.now().withNano(0);
    try (RowInserter warehouse =
        inserter(
            c, "warehouse", "w_id w_ytd w_tax w_name w_street_1 w_street_2 w_city w_state w_zip")) {
      warehouse.add(
          w,
          new BigDecimal("300000.00"),
          r.decimal(0, 2000, 4),
          r.astring(6, 10),
          r.astring(10, 20),
          r.astring(10, 20),
          r.astring(10, 20),
          r.astring(2, 2),
          r.zip());
    }
    try (RowInserter stock =
        inserter(
            c,
            "stock",
            "s_i_id s_w_id s_quantity s_dist_01 s_dist_02 s_dist_03 s_dist_04 s_dist_05 s_dist_06"
                + " s_dist_07 s_dist_08 s_dist_09 s_dist_10 s_ytd s_order_cnt s_remote_cnt s_data")) {
      for (int i = 1; i <= ITEMS; i++) {
        stock.add(
            i,
            w,
            r.uniform(10, 100),
            r.astring(24, 24),
            r.astring(24, 24),
            r.astring(24, 24),
            r.astring(24, 24),
            r.astring(24, 24),
            r.astring(24, 24),
            r.astring(24, 24),
            r.astring(24, 24),
            r.astring(24, 24),
            r.astring(24, 24),
            0,
            0,
            0,
            r.data());
      }
    }
    try (RowInserter district =
            inserter(
                c,
                "district",
                "d_id d_w_id d_ytd d_tax d_next_o_id d_name d_street_1 d_street_2 d_city d_state d_zip");
        RowInserter customer =
            inserter(
                c,
                "customer",
                "c_id c_d_id c_w_id c_first c_middle c_last c_street_1 c_street_2 c_city c_state"
                    + " c_zip c_phone c_since c_credit c_credit_lim c_discount c_balance"
                    + " c_ytd_payment c_payment_cnt c_delivery_cnt c_data");
        RowInserter history =
            inserter(
                c, "history", "h_c_id h_c_d_id h_c_w_id h_d_id h_w_id h_date h_amount h_data");
        RowInserter orders =
            inserter(
                c,
                "orders",
                "o_id o_w_id o_d_id o_c_id o_carrier_id o_ol_cnt o_all_local o_entry_d");
        RowInserter lines =
            inserter(
                c,
                "order_line",
                "ol_w_id ol_d_id ol_o_id ol_number ol_i_id ol_delivery_d ol_amount ol_supply_w_id"
                    + " ol_quantity ol_dist_info");
        RowInserter newOrders = inserter(c, "new_order", "no_w_id no_d_id no_o_id")) {
      for (int d = 1; d <= DISTRICTS; d++) {
        district.add(
            d,
            w,
            new BigDecimal("30000.00"),
            r.decimal(0, 2000, 4),
            CUSTOMERS + 1,
            r.astring(6, 10),
            r.astring(10, 20),
            r.astring(10, 20),
            r.astring(10, 20),
            r.astring(2, 2),
            r.zip());
        for (int id = 1; id <= CUSTOMERS; id++) {
          int nameNumber = id <= 1000 ? id - 1 : r.nurand(255, 0, 999, TpccRandom.C_LAST_LOAD);
          customer.add(
              id,
              d,
              w,
              r.astring(8, 16),
              "OE",
              TpccRandom.lastName(nameNumber),
              r.astring(10, 20),
              r.astring(10, 20),
              r.astring(10, 20),
              r.astring(2, 2),
              r.zip(),
              r.nstring(16),
              now,
              r.uniform(1, 10) == 1 ? "BC" : "GC",
              50000,
              r.decimal(0, 5000, 4),
              new BigDecimal("-10.00"),
              new BigDecimal("10.00"),
              1,
              0,
              r.astring(300, 500));
          history.add(id, d, w, d, w, now, new BigDecimal("10.00"), r.astring(12, 24));
        }
        int[] customers = r.permutation(CUSTOMERS);
        for (int o = 1; o <= CUSTOMERS; o++) {
          boolean delivered = o < FIRST_NEW_ORDER;
          int lineCount = r.uniform(5, 15);
          orders.add(
              o, w, d, customers[o - 1], delivered ? r.uniform(1, 10) : null, lineCount, 1, now);
          for (int n = 1; n <= lineCount; n++) {
            lines.add(
                w,
                d,
                o,
                n,
                r.uniform(1, ITEMS),
                delivered ? now : null,
                delivered ? BigDecimal.ZERO : r.decimal(1, 999999, 2),
                w,
                5,
                r.astring(24, 24));
          }
          if (!delivered) {
            newOrders.add(w, d, o);
          }
        }
      }
    }
  }

  private TpccRandom random(int stream) {
    long seed = options.randSeed() != 0 ? options.randSeed() : System.nanoTime();
    return new TpccRandom(seed * 1_000_003L + stream);
  }

  private static RowInserter inserter(Connection c, String table, String columns) {
    return new RowInserter(c, table, Arrays.asList(columns.split(" ")), ROWS_PER_INSERT);
  }
}
