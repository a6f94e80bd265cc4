package io.benchlake.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.run.BenchmarkRun;
import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.run.ServerConnections;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.testing.SharedServer;
import io.benchlake.loadgen.workload.Workloads;
import io.benchlake.loadgen.workload.tprocc.TproccOptions;
import io.benchlake.loadgen.workload.tprocc.TproccWorkload;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TransactionTiming;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * TPROC-C on an embedded MariaDB: build 2 warehouses, check them, run 2 VUs for 12 s (a sample
 * every second: what is checked needs no longer run; the mix is dealt from a deck, so its share of
 * new orders holds for a short run too).
 */
class TproccIT {
  private static final Set<String> PROCEDURES =
      Set.of("NEWORD", "PAYMENT", "DELIVERY", "SLEV", "OSTAT");
  @RegisterExtension static final SharedServer SERVER = new SharedServer("tprocc", "11.4.5");
  private static EmbeddedMariaDb server;

  @BeforeAll
  static void server() {
    server = SERVER.server();
  }

  @Test
  void buildsChecksAndRunsWithNopmTpmAndTimeProfile() throws Exception {
    TproccOptions options =
        TproccOptions.from(
            Map.of("warehouses", "2", "build-vu", "2", "tprocc-seed", "42", "partition", "on"));
    RunPlan plan =
        RunPlan.builder(TproccWorkload.NAME, options)
            .tag("it")
            .threads(List.of(2))
            .durationS(12)
            .reportIntervalS(1)
            .properties(List.of(new Property("Test Case Tag", "tprocc-it")))
            .build();
    List<Event> events = Collections.synchronizedList(new ArrayList<>());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    ServerConnections ds = ServerConnections.open(server);
    BenchmarkRun run =
        new BenchmarkRun(
            plan, server, events::add, new PrintStream(printed, true, StandardCharsets.UTF_8));
    run.cleanup(ds); // the server's data dir outlives a test run: start from no schema
    BadInputException notBuilt = assertThrows(BadInputException.class, () -> run.requireData(ds));
    assertTrue(
        notBuilt.getMessage().contains("TPROC-C schema is not built"), notBuilt.getMessage());
    assertTrue(notBuilt.getMessage().contains("procedure NEWORD"), notBuilt.getMessage());

    run.prepare(ds);
    assertEquals(100_000, count(ds, "SELECT COUNT(*) FROM item"));
    assertEquals(200_000, count(ds, "SELECT COUNT(*) FROM stock"));
    assertEquals(60_000, count(ds, "SELECT COUNT(*) FROM customer"));
    assertEquals(18_000, count(ds, "SELECT COUNT(*) FROM new_order"));
    assertEquals(20 * 3001, count(ds, "SELECT SUM(d_next_o_id) FROM district"));
    assertEquals(
        2,
        count(
            ds,
            "SELECT COUNT(*) FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = DATABASE()"
                + " AND TABLE_NAME = 'order_line' AND PARTITION_NAME IS NOT NULL"),
        "order_line in a partition per warehouse");
    run.requireData(ds);
    BadInputException tooFew =
        assertThrows(
            BadInputException.class,
            () ->
                new BenchmarkRun(
                        plan.withOptions(TproccOptions.defaults(50)), server, e -> {}, System.out)
                    .requireData(ds));
    assertTrue(tooFew.getMessage().contains("has 2 warehouses"), tooFew.getMessage());

    long ordersBefore = count(ds, "SELECT COUNT(*) FROM orders");
    run.execute(ds);
    long ordersAfter = count(ds, "SELECT COUNT(*) FROM orders");

    RunStarted started = only(events, RunStarted.class);
    assertEquals("hammerdb-tprocc", started.testSuite());
    assertEquals("TPROCC", started.testName());
    assertEquals("true", property(started.properties(), "Checksum after setup"));
    assertEquals("2", property(started.properties(), "Number of warehouses"));
    assertEquals("2", property(started.properties(), "Setup virtual user count"));
    assertEquals("tprocc-it", property(started.properties(), "Test Case Tag"));
    RunFinished finished = only(events, RunFinished.class);
    assertEquals(RunFinished.Status.completed, finished.status());
    assertEquals("true", property(finished.properties(), "Checksum after run"));

    IterationFinished iteration = only(events, IterationFinished.class);
    double nopm = value(iteration, "NOPM");
    double tpm = value(iteration, "TPM");
    assertTrue(nopm > 0, "NOPM " + nopm);
    assertTrue(tpm >= nopm, "TPM " + tpm + " NOPM " + nopm);
    // NOPM is the new orders committed in the window: the rows orders gained, per minute.
    assertEquals(ordersAfter - ordersBefore, nopm * iteration.measuredS() / 60, 0.01 * nopm + 1);

    List<TransactionTiming> summary =
        iteration.timings().stream().filter(TransactionTiming::summary).toList();
    assertEquals(
        PROCEDURES, summary.stream().map(TransactionTiming::procedure).collect(Collectors.toSet()));
    for (TransactionTiming t : summary) {
      assertTrue(t.calls() > 0, t.toString());
      assertTrue(t.ratioPct() > 0 && t.ratioPct() <= 100, t.toString());
      assertTrue(t.min() <= t.p50() && t.p50() <= t.p99() && t.avg() <= t.max(), t.toString());
      assertEquals(t.total() / t.calls(), t.avg(), 1e-9);
      assertTrue(value(iteration, t.procedure() + "_ratio") == t.ratioPct());
    }
    double ratioSum = summary.stream().mapToDouble(TransactionTiming::ratioPct).sum();
    assertTrue(ratioSum <= 100.0 + 1e-6, "ratios add up to at most 100%: " + ratioSum);
    assertEquals(
        Set.of(1, 2),
        iteration.timings().stream()
            .filter(t -> !t.summary())
            .map(TransactionTiming::vu)
            .collect(Collectors.toSet()));
    long newOrderCalls =
        summary.stream()
            .filter(t -> t.procedure().equals("NEWORD"))
            .findFirst()
            .orElseThrow()
            .calls();
    long allCalls = summary.stream().mapToLong(TransactionTiming::calls).sum();
    assertEquals(0.45, newOrderCalls / (double) allCalls, 0.05, "the standard mix");

    List<Sample> samples =
        events.stream().filter(e -> e instanceof Sample).map(e -> (Sample) e).toList();
    assertTrue(samples.size() >= 10, "a sample per 1 s interval: " + samples.size());
    assertTrue(samples.stream().allMatch(s -> s.nopm() != null && s.tpm() != null));
    assertTrue(samples.stream().anyMatch(s -> s.nopm() > 0));

    String out = printed.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("Consistency checks after setup: passed"), out);
    assertTrue(
        out.matches("(?s).*TEST RESULT : System achieved \\d+ NOPM from \\d+ MariaDB TPM.*"), out);
    assertTrue(out.contains(">>>>> SUMMARY OF 2 ACTIVE VIRTUAL USERS"), out);

    // A broken condition is found and named.
    try (Connection c = ds.getConnection()) {
      c.createStatement().execute("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1");
    }
    List<String> failures = Workloads.create(TproccWorkload.NAME, options).consistencyFailures(ds);
    assertEquals(1, failures.size(), failures.toString());
    assertTrue(failures.get(0).startsWith("condition 1: W_YTD"), failures.toString());
  }

  @Test
  void noWarehousesIsAMistakeNamingTheOption() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TproccOptions.defaults(0));
    assertTrue(e.getMessage().contains("--warehouses must be at least 1"), e.getMessage());
    assertFalse(Workloads.family("oltp_read_write").specs().contains(TproccOptions.SPECS.get(0)));
  }

  private static <T> T only(List<Event> events, Class<T> type) {
    List<T> found = events.stream().filter(type::isInstance).map(type::cast).toList();
    assertEquals(1, found.size(), type.getSimpleName());
    return found.get(0);
  }

  private static String property(List<Property> properties, String name) {
    return properties.stream()
        .filter(p -> p.name().equals(name))
        .map(Property::value)
        .findFirst()
        .orElse(null);
  }

  private static double value(IterationFinished f, String metric) {
    return f.values().stream()
        .filter(v -> v.metric().equals(metric))
        .mapToDouble(IterationValue::value)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + metric + " in " + f.values()));
  }

  private static long count(DataSource ds, String sql) throws SQLException {
    try (Connection c = ds.getConnection();
        ResultSet rs = c.createStatement().executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
