package io.benchlake.alerts.confirm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.schemas.RunParameters;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AlertConfirmationTest {

  static RecordedRun run(String id, String source, String origin, String version, String cnf) {
    return run(id, source, origin, version, cnf, 5.0, "s");
  }

  static RecordedRun run(
      String id,
      String source,
      String origin,
      String version,
      String cnf,
      double durationS,
      String durationUnit) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("Workload options", "--tables=2 --table-size=1000 --rand-type=uniform");
    return new RecordedRun(
        id,
        "MariaDB " + version,
        "OLTP_RO",
        source,
        new RunParameters(
            "oltp_read_only",
            2,
            1000L,
            null,
            durationS,
            durationUnit,
            3,
            List.of(8),
            id.equals("r1") ? 2.0 : 0.0,
            1.0,
            "uniform"),
        props,
        "bed1",
        origin,
        version + "-MariaDB-log",
        cnf,
        null);
  }

  static ConfirmCell cell(RecordedRun before, RecordedRun after) {
    return new ConfirmCell(
        "a0123456789",
        "change",
        "regression",
        "OLTP_RO",
        "TPS",
        8,
        "bed1",
        -40,
        -42.0,
        -38.0,
        before,
        after);
  }

  @Test
  void bothSidesRunInAbbaOrderWithEqualWarmupTheirTablesMadeOnce() throws Exception {
    ConfirmCell c =
        cell(
            run("r1", "loadgen", "embedded", "11.4.5", "[mysqld]\ninnodb_buffer_pool_size=1G\n"),
            run("r2", "loadgen", "embedded", "11.4.5", "[mysqld]\ninnodb_buffer_pool_size=16M\n"));
    List<String> calls = new ArrayList<>();
    AlertConfirmation.Outcome o =
        AlertConfirmation.confirm(
            c,
            "bed1",
            (side, order, markers, prepare) -> {
              calls.add(
                  order
                      + " "
                      + side.side()
                      + " "
                      + side.settings()
                      + " warm-up "
                      + side.warmupS()
                      + (prepare ? " prepared" : ""));
              assertEquals("a0123456789", markers.get(RecordedRun.CONFIRMS_ALERT));
              assertEquals(8, side.threads());
              double level = side.side().equals("before") ? 1000 : 600;
              return new AlertConfirmation.Rerun(
                  side.side(), "x" + order, List.of(level, level + 5, level - 5));
            });
    assertEquals(
        List.of(
            "1 before {innodb_buffer_pool_size=1G} warm-up 2.0 prepared",
            "2 after {innodb_buffer_pool_size=16M} warm-up 2.0",
            "3 after {innodb_buffer_pool_size=16M} warm-up 2.0",
            "4 before {innodb_buffer_pool_size=1G} warm-up 2.0"),
        calls);
    assertEquals(ConfirmVerdict.Verdict.confirmed, o.verdict().verdict());
    assertTrue(o.text().contains("Verdict: confirmed"), o.text());
  }

  @Test
  void sidesOfTwoVersionsMakeTheirTablesInEachServer() throws Exception {
    ConfirmCell c =
        cell(
            run("r1", "loadgen", "embedded", "10.11.5", null),
            run("r2", "loadgen", "embedded", "11.4.5", null));
    List<Boolean> prepared = new ArrayList<>();
    AlertConfirmation.confirm(
        c,
        "bed1",
        (side, order, markers, prepare) -> {
          prepared.add(prepare);
          return new AlertConfirmation.Rerun(side.side(), "x" + order, List.of(1.0, 2.0));
        });
    assertEquals(List.of(true, true, false, false), prepared);
    assertEquals("10.11.5", c.sides().get(0).serverVersion());
  }

  @Test
  void importedRunsJdbcDatasetsAndAnotherTestbedAreRefusedInOneLine() {
    RecordedRun live = run("r2", "loadgen", "embedded", "11.4.5", null);
    AlertConfirmation.SideRunner never =
        (side, order, markers, prepare) -> {
          throw new AssertionError("nothing runs");
        };
    BadInputException imported =
        assertThrows(
            BadInputException.class,
            () ->
                AlertConfirmation.confirm(
                    cell(run("r1", "import:sysbench", "embedded", "11.4.5", null), live),
                    "bed1",
                    never));
    assertTrue(
        imported.getMessage().endsWith("was imported (import:sysbench), not run by benchlake"));
    BadInputException jdbc =
        assertThrows(
            BadInputException.class,
            () ->
                AlertConfirmation.confirm(
                    cell(run("r1", "loadgen", "jdbc", "11.4.5", null), live), "bed1", never));
    assertTrue(jdbc.getMessage().contains("JDBC dataset, which cannot switch"), jdbc.getMessage());
    BadInputException elsewhere =
        assertThrows(
            BadInputException.class,
            () -> AlertConfirmation.confirm(cell(live, live), "bed2", never));
    assertTrue(elsewhere.getMessage().contains("measured on testbed 'bed1'"));
  }

  @Test
  void aRunsCnfAndWorkloadOptionsAreReadAsRecorded() {
    RecordedRun r =
        run(
            "r1",
            "loadgen",
            "embedded",
            "11.4.5",
            "[client]\nport=1\n[mysqld]\n# pool\ninnodb_buffer_pool_size = 1G\nskip-name-resolve\n");
    assertEquals("11.4.5", r.release());
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("innodb_buffer_pool_size", "1G");
    expected.put("skip-name-resolve", null);
    assertEquals(expected, r.settings());
    assertEquals(
        Map.of("tables", "2", "table-size", "1000", "rand-type", "uniform"), r.workloadOptions());
  }

  @Test
  void aSideRunsForTheRecordedSecondsWhateverUnitTheRunShowsThemIn() {
    ConfirmCell c =
        cell(
            run("r1", "loadgen", "embedded", "11.4.5", null, 120.0, "min"),
            run("r2", "loadgen", "embedded", "11.4.5", null, 30.0, "s"));
    assertEquals(120.0, c.sides().get(0).durationS(), "2 min, kept as 120 s");
    assertEquals(30.0, c.sides().get(1).durationS());
    assertEquals(3, c.sides().get(0).iterations());
  }

  @Test
  void aRunsRowIsReadIntoItsRecordedParameters() {
    // confirm_run.sql's columns: the run, its parameters, its properties, its testbed and server
    List<Object> row =
        java.util.Arrays.asList(
            "r9",
            "MariaDB 11.4.5",
            "OLTP_RO",
            "loadgen",
            "oltp_read_only",
            4,
            10000L,
            null,
            30.0,
            "s",
            3,
            "1,8,16",
            5.0,
            1.0,
            "uniform",
            "[{\"name\": \"Workload options\", \"value\": \"--tables=4\"}]",
            "bed1",
            "embedded",
            "11.4.5-MariaDB",
            null,
            null);
    RecordedRun r = RecordedRun.of(row);
    assertEquals(
        new io.benchlake.schemas.RunParameters(
            "oltp_read_only",
            4,
            10000L,
            null,
            30.0,
            "s",
            3,
            List.of(1, 8, 16),
            5.0,
            1.0,
            "uniform"),
        r.parameters());
    assertEquals(Map.of("tables", "4"), r.workloadOptions());
    assertEquals("11.4.5", r.release());
  }
}
