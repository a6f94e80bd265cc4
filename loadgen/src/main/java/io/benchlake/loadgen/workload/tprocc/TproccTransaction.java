package io.benchlake.loadgen.workload.tprocc;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.concurrent.locks.LockSupport;

/**
 * One virtual user: each call runs one of the five TPC-C transactions in the standard mix (45% new
 * order, 43% payment, 4% each delivery, stock level and order status) by calling its stored
 * procedure, on its home warehouse unless --all-warehouses, and times it in the worker's profile.
 */
final class TproccTransaction implements Transaction {
  private static final QueryCounts WRITE = new QueryCounts(0, 1, 0);
  private static final QueryCounts READ = new QueryCounts(1, 0, 0);

  /** The five transactions with their share of the mix and TPC-C's keying and mean think time. */
  enum Kind {
    NEWORD(45, 18, 12),
    PAYMENT(43, 3, 12),
    DELIVERY(4, 2, 5),
    SLEV(4, 2, 5),
    OSTAT(4, 2, 10);

    final int percent;
    final int keyingS;
    final int meanThinkS;

    Kind(int percent, int keyingS, int meanThinkS) {
      this.percent = percent;
      this.keyingS = keyingS;
      this.meanThinkS = meanThinkS;
    }

    /** The transaction of a draw in 1..100. */
    static Kind of(int draw) {
      int upTo = 0;
      for (Kind k : values()) {
        upTo += k.percent;
        if (draw <= upTo) {
          return k;
        }
      }
      return OSTAT;
    }
  }

  private final Connection connection;
  private final Worker worker;
  private final TproccOptions options;
  private final TpccRandom random;
  private final int home;
  private final PreparedStatement newOrder;
  private final PreparedStatement payment;
  private final PreparedStatement delivery;
  private final PreparedStatement stockLevel;
  private final PreparedStatement orderStatus;
  private Kind next;
  private Kind last;

  TproccTransaction(Connection connection, Worker worker, TproccOptions options)
      throws SQLException {
    this.connection = connection;
    this.worker = worker;
    this.options = options;
    this.random = new TpccRandom(worker.keys().uniform(0, Long.MAX_VALUE - 1));
    // HammerDB gives virtual user n of N the warehouses n, n + N, …; the first is its home.
    this.home = worker.index() % options.warehouses() + 1;
    connection.setAutoCommit(true);
    newOrder = connection.prepareStatement("CALL NEWORD(?, ?, ?, ?, ?, ?, ?, ?)");
    payment = connection.prepareStatement("CALL PAYMENT(?, ?, ?, ?, ?, ?, ?, ?, ?)");
    delivery = connection.prepareStatement("CALL DELIVERY(?, ?, ?)");
    stockLevel = connection.prepareStatement("CALL SLEV(?, ?, ?)");
    orderStatus = connection.prepareStatement("CALL OSTAT(?, ?, ?, ?, ?)");
    next = Kind.of(random.uniform(1, 100));
  }

  @Override
  public QueryCounts execute() throws SQLException {
    Kind kind = next;
    next = Kind.of(random.uniform(1, 100));
    last = kind;
    int w = options.allWarehouses() ? random.uniform(1, options.warehouses()) : home;
    long start = System.nanoTime();
    QueryCounts counts =
        switch (kind) {
          case NEWORD -> newOrder(w);
          case PAYMENT -> payment(w);
          case DELIVERY -> delivery(w);
          case SLEV -> stockLevel(w);
          case OSTAT -> orderStatus(w);
        };
    worker.profile().record(kind.name(), start, System.nanoTime() - start);
    return counts;
  }

  private QueryCounts newOrder(int w) throws SQLException {
    newOrder.setInt(1, w);
    newOrder.setInt(2, options.warehouses());
    newOrder.setInt(3, random.uniform(1, 10));
    newOrder.setInt(4, random.customerId());
    newOrder.setInt(5, random.uniform(5, 15));
    newOrder.setInt(6, random.uniform(1, 100) == 1 ? 1 : 0);
    newOrder.setObject(7, LocalDateTime.now());
    newOrder.setInt(8, TpccRandom.C_ITEM);
    newOrder.execute();
    return WRITE;
  }

  private QueryCounts payment(int w) throws SQLException {
    int d = random.uniform(1, 10);
    int customerWarehouse = w;
    int customerDistrict = d;
    if (options.warehouses() > 1 && random.uniform(1, 100) > 85) {
      customerDistrict = random.uniform(1, 10);
      customerWarehouse = otherWarehouse(w);
    }
    boolean byName = random.uniform(1, 100) <= 60;
    payment.setInt(1, w);
    payment.setInt(2, d);
    payment.setInt(3, customerWarehouse);
    payment.setInt(4, customerDistrict);
    payment.setInt(5, random.customerId());
    payment.setInt(6, byName ? 1 : 0);
    payment.setString(7, random.runLastName());
    payment.setBigDecimal(8, BigDecimal.valueOf(random.uniform(100, 500000), 2));
    payment.setObject(9, LocalDateTime.now());
    payment.execute();
    return WRITE;
  }

  private QueryCounts delivery(int w) throws SQLException {
    delivery.setInt(1, w);
    delivery.setInt(2, random.uniform(1, 10));
    delivery.setObject(3, LocalDateTime.now());
    delivery.execute();
    return WRITE;
  }

  private QueryCounts stockLevel(int w) throws SQLException {
    stockLevel.setInt(1, w);
    stockLevel.setInt(2, random.uniform(1, 10));
    stockLevel.setInt(3, random.uniform(10, 20));
    stockLevel.execute();
    return READ;
  }

  private QueryCounts orderStatus(int w) throws SQLException {
    boolean byName = random.uniform(1, 100) <= 60;
    orderStatus.setInt(1, w);
    orderStatus.setInt(2, random.uniform(1, 10));
    orderStatus.setInt(3, random.customerId());
    orderStatus.setInt(4, byName ? 1 : 0);
    orderStatus.setString(5, random.runLastName());
    orderStatus.execute();
    return READ;
  }

  private int otherWarehouse(int w) {
    int other = random.uniform(1, options.warehouses() - 1);
    return other >= w ? other + 1 : other;
  }

  /** Thinking after the last transaction, then keying the next one, when they are on. */
  @Override
  public void pause(long deadlineNanos) {
    if (!options.keyingAndThinking() || last == null) {
      return;
    }
    double thinkS =
        Math.min(-Math.log(1 - random.fraction()) * last.meanThinkS, 10.0 * last.meanThinkS);
    long until = System.nanoTime() + (long) ((thinkS + next.keyingS) * 1e9);
    long now;
    while ((now = System.nanoTime()) < Math.min(until, deadlineNanos)) {
      LockSupport.parkNanos(Math.min(until, deadlineNanos) - now);
    }
  }

  @Override
  public void rollback() throws SQLException {
    try (Statement st = connection.createStatement()) {
      st.execute("ROLLBACK");
    }
  }

  @Override
  public void close() throws SQLException {
    for (PreparedStatement p :
        new PreparedStatement[] {newOrder, payment, delivery, stockLevel, orderStatus}) {
      p.close();
    }
  }
}
