package io.benchlake.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.ServerFailedException;
import io.benchlake.loadgen.run.BenchmarkRun;
import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.run.ServerConnections;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.server.JdbcServer;
import io.benchlake.loadgen.testing.OtherOsUser;
import io.benchlake.loadgen.testing.ServerAccessChecks;
import io.benchlake.loadgen.testing.SharedServer;
import io.benchlake.loadgen.workload.RandOptions;
import io.benchlake.loadgen.workload.RandomKeys;
import io.benchlake.loadgen.workload.Transaction;
import io.benchlake.loadgen.workload.Worker;
import io.benchlake.loadgen.workload.Workload;
import io.benchlake.loadgen.workload.Workloads;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.testing.Await;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

class EmbeddedMariaDbIT {
  @RegisterExtension static final SharedServer SERVER = new SharedServer("loadgen", "11.4.5");
  private static EmbeddedMariaDb server;

  @BeforeAll
  static void server() {
    server = SERVER.server();
  }

  @Test
  void onlyTheBenchmarkUserGetsInAndFilesStayInTheHome() throws Exception {
    java.nio.file.Path serverDir = server.configFile().orElseThrow().getParent();
    try (Connection c =
        DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password())) {
      ServerAccessChecks.onlyTheBenchmarkUserAndOnlyTheHomesFiles(
          c, server.jdbcUrl(), server.socket(), serverDir.resolve("files"));
    }
    java.nio.file.Path options = server.clientOptions();
    assertEquals(
        "rw-------",
        java.nio.file.attribute.PosixFilePermissions.toString(
            java.nio.file.Files.getPosixFilePermissions(options)));
    assertTrue(
        java.nio.file.Files.readString(options).contains("socket=" + server.socket() + "\n"));
  }

  @Test
  void anotherOsUserCannotSignInAsRootOverTcpOrTheSocket() throws Exception {
    OtherOsUser nobody = OtherOsUser.nobodyWithClientOf(server.installDir().orElseThrow());
    ServerAccessChecks.rootIsRefusedToAnotherOsUser(
        nobody, server.port(), server.socket(), server.user(), server.password());
  }

  @Test
  void aJdbcUrlWithAUserAndPasswordSignsInAsThem() throws Exception {
    JdbcServer byUrl =
        JdbcServer.of(
            server.jdbcUrl() + "?user=" + server.user() + "&password=" + server.password(),
            null,
            "");
    try (Connection c = ServerConnections.open(byUrl).getConnection();
        ResultSet rs = c.createStatement().executeQuery("SELECT CURRENT_USER()")) {
      rs.next();
      assertTrue(rs.getString(1).startsWith(server.user() + "@"), rs.getString(1));
    }
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
        RunPlan.timed(
            null, "it", "oltp_read_write", OltpOptions.defaults(2, 1000), List.of(1, 2), 1, 2.0, 0);
    List<Event> events = Collections.synchronizedList(new ArrayList<>());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    long beginsBefore;
    ServerConnections ds = ServerConnections.open(server);
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
    assertTrue(events.get(0) instanceof RunStarted);
    assertTrue(events.get(1) instanceof EnvironmentSnapshot);
    assertTrue(
        events.get(events.size() - 1) instanceof RunFinished f
            && f.status() == RunFinished.Status.completed);
    EnvironmentSnapshot env = (EnvironmentSnapshot) events.get(1);
    assertTrue(env.database().version().startsWith("11.4.5"));
    assertTrue(env.database().variables().containsKey("innodb_buffer_pool_size"));
    assertFalse(env.database().configContents().contains(server.password()));
    IterationFinished first =
        events.stream()
            .filter(e -> e instanceof IterationFinished)
            .map(e -> (IterationFinished) e)
            .findFirst()
            .orElseThrow();
    long commits = first.statusAfter().get("Com_commit") - first.statusBefore().get("Com_commit");
    assertTrue(commits > 0, "the server's counters around the iteration");
    assertEquals(
        (double) commits,
        first.values().stream()
            .filter(v -> v.metric().equals("status:Com_commit"))
            .findFirst()
            .orElseThrow()
            .value());
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
      assertTrue(
          samples.stream().allMatch(s -> s.liveThreads() == threads),
          "every worker runs to the end, the last second included, as sysbench's thds: shows");
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

  /**
   * The server's Com_* counters per event must be sysbench's for each script's defaults, including
   * how they are sent: sysbench 1.0.20 prepares every statement of its scripts on the server, BEGIN
   * and COMMIT too (Com_stmt_execute), except oltp_insert's INSERT, a plain query.
   */
  /** The statements of one oltp_read_write event, as the server counts them. */
  private static final Map<String, Long> READ_WRITE =
      Map.of(
          "Com_select", 14L,
          "Com_update", 2L,
          "Com_delete", 1L,
          "Com_insert", 1L,
          "Com_begin", 1L,
          "Com_commit", 1L);

  @Test
  void everyWorkloadSendsSysbenchsStatementsPerEvent() throws Exception {
    Map<String, Map<String, Long>> expected = new LinkedHashMap<>();
    Map<String, Long> readWrite = new LinkedHashMap<>(READ_WRITE);
    readWrite.put("Com_stmt_execute", 20L);
    expected.put("oltp_read_write", readWrite);
    expected.put(
        "oltp_read_only",
        Map.of("Com_select", 14L, "Com_begin", 1L, "Com_commit", 1L, "Com_stmt_execute", 16L));
    expected.put(
        "oltp_write_only",
        Map.of(
            "Com_update",
            2L,
            "Com_delete",
            1L,
            "Com_insert",
            1L,
            "Com_begin",
            1L,
            "Com_commit",
            1L,
            "Com_stmt_execute",
            6L));
    expected.put("oltp_point_select", Map.of("Com_select", 1L, "Com_stmt_execute", 1L));
    expected.put("oltp_insert", Map.of("Com_insert", 1L));
    expected.put("oltp_delete", Map.of("Com_delete", 1L, "Com_stmt_execute", 1L));
    expected.put("oltp_update_index", Map.of("Com_update", 1L, "Com_stmt_execute", 1L));
    expected.put("oltp_update_non_index", Map.of("Com_update", 1L, "Com_stmt_execute", 1L));
    expected.put("select_random_points", Map.of("Com_select", 1L, "Com_stmt_execute", 1L));
    expected.put("select_random_ranges", Map.of("Com_select", 1L, "Com_stmt_execute", 1L));
    List<String> counters =
        List.of(
            "Com_select",
            "Com_insert",
            "Com_update",
            "Com_delete",
            "Com_begin",
            "Com_commit",
            "Com_stmt_execute");
    int events = 50;
    ServerConnections ds = ServerConnections.open(server);
    for (var entry : expected.entrySet()) {
      String name = entry.getKey();
      int tables = name.startsWith("select_random") ? 1 : 2;
      Workload workload = Workloads.create(name, OltpOptions.defaults(tables, 500));
      workload.prepare(ds, 1);
      Map<String, Long> counted = counted(ds, workload, new Worker(0, 1, keys()), events, counters);
      for (String counter : counters) {
        long perEvent = entry.getValue().getOrDefault(counter, 0L);
        assertEquals(
            perEvent * events, counted.get(counter), name + ": " + counter + " per " + events);
      }
      workload.cleanup(ds, 1);
    }
    Workload bulk = Workloads.create("bulk_insert", OltpOptions.defaults());
    bulk.prepare(ds, 2);
    long inserts = counted(ds, bulk, new Worker(1, 2, keys()), 100_000, counters).get("Com_insert");
    assertTrue(inserts >= 2 && inserts < 100, "rows go as multi-row inserts: " + inserts);
    try (Connection c = ds.getConnection();
        ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*), MAX(id) FROM sbtest2")) {
      rs.next();
      assertEquals(100_000, rs.getLong(1), "one row per event, in worker 2's own table");
      assertEquals(100_000, rs.getLong(2));
    }
    bulk.cleanup(ds, 2);
  }

  @Test
  void sysbenchsSslAndCompressionOptionsReachTheConnections() throws Exception {
    OltpOptions options = OltpOptions.from(Map.of("mysql-ssl", "on", "mysql_compression", "on"));
    try (Connection c =
            ServerConnections.open(server, options.connectionProperties()).getConnection();
        Connection plain = ServerConnections.open(server).getConnection()) {
      assertFalse(sessionStatus(c, "Ssl_cipher").isEmpty(), "TLS");
      assertEquals("ON", sessionStatus(c, "Compression"));
      assertEquals("", sessionStatus(plain, "Ssl_cipher"), "off by default, as in sysbench");
      assertEquals("OFF", sessionStatus(plain, "Compression"));
    }
  }

  private static String sessionStatus(Connection c, String name) throws SQLException {
    try (ResultSet rs =
        c.createStatement().executeQuery("SHOW SESSION STATUS LIKE '" + name + "'")) {
      rs.next();
      return rs.getString(2);
    }
  }

  @Test
  void withDbPsModeDisableTheSameStatementsGoAsText() throws Exception {
    OltpOptions options =
        OltpOptions.from(Map.of("tables", "2", "table-size", "500", "db-ps-mode", "disable"));
    List<String> counters =
        List.of(
            "Com_select",
            "Com_update",
            "Com_delete",
            "Com_insert",
            "Com_begin",
            "Com_commit",
            "Com_stmt_prepare",
            "Com_stmt_execute");
    ServerConnections ds = ServerConnections.open(server, options.connectionProperties());
    Workload workload = Workloads.create("oltp_read_write", options);
    workload.prepare(ds, 1);
    int events = 50;
    Map<String, Long> counted = counted(ds, workload, new Worker(0, 1, keys()), events, counters);
    workload.cleanup(ds, 1);
    // as sysbench --db-ps-mode=disable: the same statements per event, none of them prepared
    for (String counter : counters) {
      assertEquals(READ_WRITE.getOrDefault(counter, 0L) * events, counted.get(counter), counter);
    }
  }

  @Test
  void withRateTheArrivalsSetTheThroughputAndLatencyCountsFromTheArrival() throws Exception {
    RunPlan base = PointSelects.twoWorkersFor(5);
    // 300 transactions a second arriving at random: far below what 2 threads can do.
    RunPlan paced =
        RunPlan.builder("oltp_point_select", OltpOptions.defaults(1, 1000))
            .tag("it")
            .threads(List.of(2))
            .durationS(5)
            .rate(300)
            .build();
    IterationFinished f =
        only(runOnce(paced, ServerConnections.open(server)), IterationFinished.class);
    assertEquals(300, value(f, "TPS"), 45, "the arrival rate, not the server's capacity, sets TPS");
    assertTrue(base.rate() == 0, "without --rate, as fast as possible");
  }

  @Test
  void aWorkerWhoseConnectionIsKilledReconnectsAndTheReconnectIsCounted() throws Exception {
    RunPlan plan = PointSelects.twoWorkersFor(6);
    ServerConnections ds = ServerConnections.open(server);
    List<Event> events = Collections.synchronizedList(new ArrayList<>());
    Thread killer =
        new Thread(
            () -> {
              try (Connection c = ds.getConnection()) {
                awaitSample(events); // the workers are running: inside the 6 s iteration
                // Every other connection of the benchmark user: the two workers' (blocking reads)
                // and the run's own.
                List<Long> ids = new ArrayList<>();
                try (ResultSet rs =
                    c.createStatement()
                        .executeQuery(
                            "SELECT ID FROM information_schema.PROCESSLIST"
                                + " WHERE USER = 'benchlake' AND ID <> CONNECTION_ID()")) {
                  while (rs.next()) {
                    ids.add(rs.getLong(1));
                  }
                }
                for (long id : ids) {
                  c.createStatement().execute("KILL CONNECTION " + id);
                }
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    killer.start();
    runOnce(plan, ds, events);
    killer.join();
    IterationFinished f = only(events, IterationFinished.class);
    assertTrue(value(f, "reconnects") >= 2, "both workers reconnected: " + value(f, "reconnects"));
    assertTrue(value(f, "transactions") > 1000, "and went on: " + value(f, "transactions"));
    RunFinished finished = only(events, RunFinished.class);
    assertEquals(RunFinished.Status.completed, finished.status());
  }

  @Test
  @Timeout(300)
  void withForcedShutdownAWorkerStuckAfterTheTimeLimitIsCutOffAndTheIterationFails()
      throws Exception {
    // 1 s of oltp_update_index, cut off 1 s after the time limit (sysbench's --forced-shutdown=1)
    RunPlan plan =
        RunPlan.builder("oltp_update_index", OltpOptions.defaults(1, 100))
            .tag("it")
            .durationS(1)
            .forcedShutdownS(1)
            .build();
    ServerConnections ds = ServerConnections.open(server);
    List<Event> events = Collections.synchronizedList(new ArrayList<>());
    BenchmarkRun run =
        new BenchmarkRun(
            plan, server, events::add, new PrintStream(OutputStream.nullOutputStream()));
    run.prepare(ds);
    try (Connection holder = ds.getConnection();
        Statement st = holder.createStatement()) {
      // the worker's UPDATE waits an hour for its lock: only the cut-off ends the run before the
      // test's timeout
      st.execute("SET GLOBAL innodb_lock_wait_timeout = 3600");
      holder.setAutoCommit(false);
      st.executeQuery("SELECT id FROM sbtest1 FOR UPDATE").close();
      try {
        assertThrows(ServerFailedException.class, () -> run.execute(ds));
      } finally {
        holder.rollback();
        st.execute("SET GLOBAL innodb_lock_wait_timeout = DEFAULT");
      }
    }
    RunFinished finished = only(events, RunFinished.class);
    assertEquals(RunFinished.Status.failed, finished.status());
    assertTrue(
        finished.error().startsWith("forced shutdown: 1 of 1 workers were still in a transaction"),
        finished.error());
    assertEquals(1, events.stream().filter(IterationFinished.class::isInstance).count());
  }

  /** The events of {@code plan} run on the test's server, its tables prepared first. */
  private static List<Event> runOnce(RunPlan plan, ServerConnections ds) throws Exception {
    return runOnce(plan, ds, Collections.synchronizedList(new ArrayList<>()));
  }

  private static List<Event> runOnce(RunPlan plan, ServerConnections ds, List<Event> events)
      throws Exception {
    BenchmarkRun run =
        new BenchmarkRun(
            plan, server, events::add, new PrintStream(OutputStream.nullOutputStream()));
    run.prepare(ds);
    run.execute(ds);
    return events;
  }

  /** Waits until the run has published its first interval sample (its workers are running). */
  private static void awaitSample(List<Event> events) throws Exception {
    Await.until(
        () -> events.stream().anyMatch(Sample.class::isInstance),
        Duration.ofSeconds(60),
        "the run's first interval sample");
  }

  private static <T extends Event> T only(List<Event> events, Class<T> type) {
    List<T> found = events.stream().filter(type::isInstance).map(type::cast).toList();
    assertEquals(1, found.size(), type.getSimpleName());
    return found.get(0);
  }

  private static double value(IterationFinished f, String metric) {
    return f.values().stream()
        .filter(v -> v.metric().equals(metric))
        .findFirst()
        .orElseThrow()
        .value();
  }

  private static RandomKeys keys() {
    return new RandomKeys(new SplittableRandom(7), RandOptions.defaults());
  }

  /**
   * How much each of {@code counters} of one session grew while {@code worker} ran {@code events}
   * transactions of {@code workload}. A new connection each time: one that held statements prepared
   * on the tables of an earlier workload would have the server re-prepare them (counted as
   * Com_select). The status query itself is a SHOW, none of these counters.
   */
  private static Map<String, Long> counted(
      DataSource ds, Workload workload, Worker worker, int events, List<String> counters)
      throws SQLException {
    try (Connection c = ds.getConnection();
        Transaction tx = workload.newTransaction(c, worker)) {
      Map<String, Long> before = statuses(c, counters);
      for (int i = 0; i < events; i++) {
        tx.execute();
      }
      tx.finish();
      Map<String, Long> after = statuses(c, counters);
      Map<String, Long> grew = new LinkedHashMap<>();
      for (String counter : counters) {
        grew.put(counter, after.get(counter) - before.get(counter));
      }
      return grew;
    }
  }

  private static Map<String, Long> statuses(Connection c, List<String> names) throws SQLException {
    Map<String, Long> m = new LinkedHashMap<>();
    try (ResultSet rs = c.createStatement().executeQuery("SHOW SESSION STATUS LIKE 'Com\\_%'")) {
      while (rs.next()) {
        if (names.contains(rs.getString(1))) {
          m.put(rs.getString(1), rs.getLong(2));
        }
      }
    }
    return m;
  }

  private static long status(DataSource ds, String name) throws SQLException {
    try (Connection c = ds.getConnection();
        ResultSet rs = c.createStatement().executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
      rs.next();
      return rs.getLong(2);
    }
  }
}
