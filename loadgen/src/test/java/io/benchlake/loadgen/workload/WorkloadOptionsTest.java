package io.benchlake.loadgen.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.loadgen.workload.oltp.OltpWorkload;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadOptionsTest {
  @Test
  void defaultsAreSysbench1020s() {
    OltpOptions o = OltpOptions.defaults();
    assertEquals(1, o.tables());
    assertEquals(10_000, o.tableSize());
    assertEquals(100, o.rangeSize());
    assertEquals(10, o.pointSelects());
    assertTrue(o.autoInc() && o.createSecondary() && o.rangeSelects());
    assertFalse(o.skipTrx() || o.secondary());
    assertEquals(RandOptions.Type.SPECIAL, o.rand().type());
    assertEquals("innodb", o.storageEngine());
  }

  @Test
  void optionsAcceptDashesOrUnderscoresAndSysbenchBooleans() {
    OltpOptions o =
        OltpOptions.from(Map.of("table_size", "500", "skip-trx", "on", "rand-type", "pareto"));
    assertEquals(500, o.tableSize());
    assertTrue(o.skipTrx());
    assertEquals(RandOptions.Type.PARETO, o.rand().type());
    assertEquals(o, OltpOptions.from(o.asMap()), "asMap round-trips");
  }

  @Test
  void mistakesNameTheOption() {
    var e =
        assertThrows(IllegalArgumentException.class, () -> OltpOptions.from(Map.of("tabels", "2")));
    assertTrue(
        e.getMessage().startsWith("--tabels is not an option of this workload (known: tables, "),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> OltpOptions.from(Map.of("tables", "0")));
    assertEquals("--tables must be at least 1, was 0", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> OltpOptions.from(Map.of("tables", "x")));
    assertEquals("--tables expects a whole number, was 'x'", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> OltpOptions.from(Map.of("rand-type", "normal")));
    assertTrue(e.getMessage().startsWith("--rand-type must be one of"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> OltpOptions.from(Map.of("db-ps-mode", "off")));
    assertEquals("--db-ps-mode expects auto or disable, was 'off'", e.getMessage());
  }

  @Test
  void dbPsModeIsSysbenchs() {
    assertTrue(OltpOptions.defaults().serverPreparedStatements(), "auto: prepared on the server");
    OltpOptions text = OltpOptions.from(Map.of("db_ps_mode", "disable"));
    assertFalse(text.serverPreparedStatements());
    assertEquals("disable", text.asMap().get("db-ps-mode"));
    assertTrue(Workloads.options("tprocc", Map.of()).serverPreparedStatements());
    assertEquals(Map.of("useServerPrepStmts", "false"), text.connectionProperties());
    assertEquals(
        Map.of("useServerPrepStmts", "true", "sslMode", "trust", "useCompression", "true"),
        OltpOptions.from(Map.of("mysql-ssl", "on", "mysql-compression", "on"))
            .connectionProperties());
  }

  @Test
  void everyWorkloadIsRegisteredAndUnknownOnesListTheKnown() {
    assertEquals(12, Workloads.names().size(), "11 sysbench workloads and tprocc");
    for (String name : Workloads.names()) {
      assertEquals(name, Workloads.create(name, Workloads.options(name, Map.of())).name());
    }
    assertEquals(
        "hammerdb-tprocc",
        Workloads.create("tprocc", Workloads.options("tprocc", Map.of())).suite());
    assertEquals("TPROCC", Workloads.testName("tprocc"));
    var e =
        assertThrows(
            BadInputException.class, () -> Workloads.create("oltp_rw", OltpOptions.defaults()));
    assertTrue(e.getMessage().contains("known: oltp_read_write, oltp_read_only"), e.getMessage());
    // as sysbench: select_random_* measure sbtest1 with any --tables, but make and drop one table
    Workload points = Workloads.create("select_random_points", OltpOptions.defaults(2, 100));
    var refused = assertThrows(IllegalArgumentException.class, points::checkTableOptions);
    assertEquals("this benchmark does not support --tables > 1, was 2", refused.getMessage());
    Workloads.create("oltp_read_write", OltpOptions.defaults(2, 100)).checkTableOptions();
  }

  @Test
  void testNamesMapOntoWorkloads() {
    assertEquals("OLTP_RW", Workloads.testName("oltp_read_write"));
    assertEquals("SELECT_SIMPLE", Workloads.testName("oltp_point_select"));
    assertEquals("oltp_read_write", Workloads.forTestName("oltp_rw").orElseThrow().workload());
    TestPreset ranges = Workloads.forTestName("SELECT_SIMPLE_RANGES").orElseThrow();
    OltpWorkload w =
        (OltpWorkload) Workloads.create(ranges.workload(), OltpOptions.from(ranges.options()));
    assertEquals(new QueryCounts(1, 0, 0), w.mix(), "one simple range per event, autocommit");
  }

  @Test
  void oltpReadWriteMixIsSysbenchs() {
    OltpWorkload rw = (OltpWorkload) Workloads.create("oltp_read_write", OltpOptions.defaults());
    assertEquals(new QueryCounts(14, 4, 2), rw.mix());
    OltpWorkload ps = (OltpWorkload) Workloads.create("oltp_point_select", OltpOptions.defaults());
    assertEquals(new QueryCounts(1, 0, 0), ps.mix());
  }
}
