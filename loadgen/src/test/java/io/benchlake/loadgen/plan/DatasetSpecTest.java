package io.benchlake.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A plan's datasets as the YAML gives them: one {@link ServerSpec} kind each, mistakes at lines.
 */
class DatasetSpecTest {
  private static List<DatasetSpec> datasets(String yaml) {
    return PlanFiles.parse("test: OLTP_RW\ndatasets:\n" + yaml, "p.yaml").datasets();
  }

  /** The mistake in {@code yaml}, whose first line is line 3 of the plan. */
  private static String mistake(String yaml) {
    return assertThrows(BadInputException.class, () -> datasets(yaml)).getMessage();
  }

  @Test
  void eachKindOfDatasetIsReadAsItsOwnServerSpec() {
    List<DatasetSpec> d =
        datasets(
            """
              - {label: "Mariadb 11.4.5", embedded: 11.4.5, cnf: {innodb_buffer_pool_size: 1G}}
              - {label: prod-like, jdbc-url: "jdbc:mariadb://10.0.0.5:3306/sbtest", user: bench, password-env: BENCH_PW}
              - install-dir: /opt/mariadb
                cnf-template: my.cnf
                cnf:
                  max_connections: 300
              - embedded: 10.11
            """);
    assertEquals(
        new DatasetSpec(
            "Mariadb 11.4.5",
            new ServerSpec.Embedded("11.4.5", Map.of("innodb_buffer_pool_size", "1G"))),
        d.get(0));
    assertEquals(
        new DatasetSpec(
            "prod-like",
            new ServerSpec.Jdbc("jdbc:mariadb://10.0.0.5:3306/sbtest", "bench", null, "BENCH_PW")),
        d.get(1));
    assertEquals(
        new DatasetSpec(
            null,
            new ServerSpec.InstallDir(
                Path.of("/opt/mariadb"),
                Optional.of(Path.of("my.cnf")),
                Map.of("max_connections", "300"))),
        d.get(2));
    assertEquals(DatasetSpec.embedded("10.11"), d.get(3), "a version is read as written");
  }

  @Test
  void aDatasetWithoutAServerOrWithTwoIsOneLineAtItsPlace() {
    assertEquals(
        "p.yaml:4: a dataset needs exactly one of embedded, install-dir or jdbc-url"
            + " (at datasets[1])",
        mistake("  - embedded: 11.4.5\n  - label: nothing\n"));
    assertEquals(
        "p.yaml:5: a dataset needs exactly one of embedded, install-dir or jdbc-url, not both"
            + " embedded and jdbc-url (at datasets[0].jdbc-url)",
        mistake("  - label: two\n    embedded: 11.4.5\n    jdbc-url: jdbc:mariadb://h/db\n"));
    assertEquals(
        "p.yaml:4: a dataset is empty: name one of embedded, install-dir or jdbc-url"
            + " (at datasets[1])",
        mistake("  - embedded: 11.4.5\n  -\n  - embedded: 10.11.5\n"));
  }

  @Test
  void aKeyOfAnotherKindIsNamedAtItsLine() {
    assertEquals(
        "p.yaml:5: cnf does not go with jdbc-url (a dataset of jdbc-url takes label, jdbc-url,"
            + " user, password-env) (at datasets[1].cnf)",
        mistake(
            "  - jdbc-url: jdbc:mariadb://h/db\n  - jdbc-url: jdbc:mariadb://h/db\n"
                + "    cnf: {max_connections: 10}\n"));
    assertEquals(
        "p.yaml:4: cnf-template does not go with embedded (a dataset of embedded takes label,"
            + " embedded, cnf) (at datasets[0].cnf-template)",
        mistake("  - embedded: 11.4.5\n    cnf-template: my.cnf\n"));
    assertEquals(
        "p.yaml:4: user does not go with install-dir (a dataset of install-dir takes label,"
            + " install-dir, cnf, cnf-template) (at datasets[0].user)",
        mistake("  - install-dir: /opt/mariadb\n    user: root\n"));
  }

  @Test
  void aBadValueIsNamedAtItsLineAmongTheSameKeysOfOtherDatasets() {
    String e =
        mistake(
            "  - jdbc-url: jdbc:mariadb://h/db\n  - label: b\n"
                + "    jdbc-url: jdbc:postgresql://h/db?password=hunter2\n");
    assertTrue(
        e.startsWith("p.yaml:5: jdbc-url must start with jdbc:mariadb: or jdbc:mysql:, was '"), e);
    assertTrue(e.endsWith("' (at datasets[1].jdbc-url)"), e);
    assertFalse(e.contains("hunter2"), e);
    assertEquals(
        "p.yaml:6: the cnf setting innodb_log_file_size has no value"
            + " (at datasets[0].cnf.innodb_log_file_size)",
        mistake(
            "  - embedded: 11.4.5\n    cnf:\n      max_connections: 10\n"
                + "      innodb_log_file_size:\n"));
    assertEquals(
        "p.yaml:4: label takes one value, not a list or a map (at datasets[1].label)",
        mistake("  - embedded: 11.4.5\n  - {embedded: 10.11.5, label: [a, b]}\n"));
  }

  @Test
  void aPlanFileCannotHoldAPassword() {
    String e = mistake("  - jdbc-url: jdbc:mariadb://h/db\n    password: hunter2\n");
    assertTrue(e.startsWith("p.yaml:4: unknown key 'password'"), e);
    assertFalse(e.contains("hunter2"), e);
    assertTrue(e.contains("password-env"), e);
  }

  @Test
  void aPasswordVariableThatIsNotSetIsNamedWithoutTheUrlsPassword() {
    DatasetSpec d =
        new DatasetSpec(
            null,
            new ServerSpec.Jdbc(
                "jdbc:mariadb://db/sbtest?password=hunter2",
                "u",
                null,
                "BENCHLAKE_TEST_NEVER_SET_7f3a"));
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> PlanRunner.check(new BenchmarkPlan(List.of(d), null, false, true, false)));
    assertTrue(e.getMessage().contains("BENCHLAKE_TEST_NEVER_SET_7f3a"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void aPasswordGivenOnTheCommandLineIsUsedAndNeverPrinted() {
    ServerSpec.Jdbc jdbc =
        new ServerSpec.Jdbc("jdbc:mariadb://h:3306/sbtest", "sbtest", "hunter2", null);
    DatasetSpec d = new DatasetSpec("a", jdbc);
    assertEquals("hunter2", jdbc.resolvePassword());
    assertFalse(d.toString().contains("hunter2"), d.toString());
    assertTrue(d.toString().contains("password=***"), d.toString());
    assertEquals(
        "",
        new ServerSpec.Jdbc("jdbc:mariadb://h/db", "u", null, null).resolvePassword(),
        "no password at all: an empty one, as sysbench's default");
    assertThrows(
        IllegalArgumentException.class,
        () -> new ServerSpec.Jdbc("jdbc:mariadb://h/db", "u", "x", "PW"));
  }
}
