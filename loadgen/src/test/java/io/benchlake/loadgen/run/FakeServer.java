package io.benchlake.loadgen.run;

import io.benchlake.loadgen.workload.QueryCounts;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import javax.sql.DataSource;

/**
 * A workload and its connections without a server, for the driver's unit tests: each worker's
 * transaction runs {@link Step} and says it sent two reads and a write; a connection is a proxy
 * that records being closed and cut ({@link Connection#abort}).
 */
final class FakeServer implements WorkerConnections, Workload {
  /** What one call of a worker's transaction does; {@code call} counts from 1 per transaction. */
  interface Step {
    void run(Worker worker, FakeConnection connection, int call) throws SQLException;
  }

  static final QueryCounts COUNTS = new QueryCounts(2, 1, 0);

  final List<FakeConnection> opened = new CopyOnWriteArrayList<>();
  final AtomicInteger transactionsBuilt = new AtomicInteger();
  final AtomicInteger rollbacks = new AtomicInteger();
  private final Step step;
  private final AtomicInteger workersLeft = new AtomicInteger(Integer.MAX_VALUE);

  FakeServer(Step step) {
    this.step = step;
  }

  /** A server whose transactions do nothing and take no time. */
  static FakeServer instant() {
    return new FakeServer((worker, connection, call) -> {});
  }

  /** A server whose every transaction takes {@code millis} of wall time. */
  static FakeServer taking(long millis) {
    return new FakeServer(
        (worker, connection, call) -> LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(millis)));
  }

  /** From now on, only {@code accepted} more workers can connect; the rest get error 1040. */
  FakeServer refusingWorkersAfter(int accepted) {
    workersLeft.set(accepted);
    return this;
  }

  @Override
  public Connection worker() throws SQLException {
    if (workersLeft.getAndDecrement() <= 0) {
      throw new SQLException("Too many connections", "08004", 1040);
    }
    return open();
  }

  @Override
  public Connection getConnection() throws SQLException {
    return open();
  }

  private Connection open() {
    FakeConnection c = new FakeConnection();
    opened.add(c);
    return (Connection)
        Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class}, c);
  }

  static FakeConnection of(Connection proxy) {
    return (FakeConnection) Proxy.getInvocationHandler(proxy);
  }

  long cut() {
    return opened.stream().filter(c -> c.cut.getCount() == 0).count();
  }

  long stillOpen() {
    return opened.stream().filter(c -> !c.closed).count();
  }

  @Override
  public String name() {
    return "fake";
  }

  @Override
  public String describeData(int threads) {
    return "nothing";
  }

  @Override
  public void prepare(DataSource dataSource, int threads) {}

  @Override
  public Transaction newTransaction(Connection connection, Worker worker) {
    transactionsBuilt.incrementAndGet();
    FakeConnection c = of(connection);
    return new Transaction() {
      private int calls;

      @Override
      public QueryCounts execute() throws SQLException {
        step.run(worker, c, ++calls);
        return COUNTS;
      }

      @Override
      public void rollback() {
        rollbacks.incrementAndGet();
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public void cleanup(DataSource dataSource, int threads) {}

  /** One connection: closed, or cut by a forced shutdown (which ends a statement waiting on it). */
  static final class FakeConnection implements InvocationHandler {
    final CountDownLatch cut = new CountDownLatch(1);
    volatile boolean closed;

    /** Hangs as a statement on a hung server does, until the connection is cut; then fails. */
    void hangUntilCut() throws SQLException {
      try {
        if (!cut.await(60, TimeUnit.SECONDS)) {
          throw new AssertionError("the hung statement's connection was never cut");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new java.sql.SQLNonTransientConnectionException("Connection was killed", "08000", 0);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
      switch (method.getName()) {
        case "close" -> closed = true;
        case "abort" -> {
          closed = true;
          cut.countDown();
        }
        case "isClosed" -> {
          return closed;
        }
        case "hashCode" -> {
          return System.identityHashCode(proxy);
        }
        case "equals" -> {
          return proxy == args[0];
        }
        default -> {
          // nothing else is asked of a worker's connection by the driver
        }
      }
      return null;
    }
  }
}
