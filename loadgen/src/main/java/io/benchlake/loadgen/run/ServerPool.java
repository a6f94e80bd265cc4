package io.benchlake.loadgen.run;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.env.Redaction;
import io.benchlake.loadgen.server.ServerUnderTest;

/** A HikariCP pool to the server under test: server-side prepared statements, one per worker. */
public final class ServerPool {
  private ServerPool() {}

  public static HikariDataSource open(ServerUnderTest server, int workers) {
    HikariConfig config = new HikariConfig();
    config.setPoolName("benchlake-loadgen");
    config.setJdbcUrl(server.jdbcUrl());
    config.setUsername(server.user());
    config.setPassword(server.password());
    config.setMaximumPoolSize(workers + 2);
    // A fixed-size pool, filled at once: on demand, HikariCP sometimes stopped adding connections
    // short of its maximum while workers waited (16 workers, the pool stuck at 15, a worker timed
    // out after 15 s in bench/loadgen-vs-sysbench).
    config.setMinimumIdle(workers + 2);
    // A worker whose connection broke waits this long for a new one before the run fails.
    config.setConnectionTimeout(15_000);
    config.addDataSourceProperty("useServerPrepStmts", "true");
    config.addDataSourceProperty("cachePrepStmts", "true");
    try {
      return new HikariDataSource(config);
    } catch (HikariPool.PoolInitializationException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      throw new BadInputException(
          "cannot connect to "
              + Redaction.url(server.jdbcUrl())
              + " as "
              + server.user()
              + ": "
              + cause.getMessage().lines().findFirst().orElse(""));
    }
  }
}
