package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.plan.DatasetSpec;
import io.benchlake.loadgen.plan.ServerSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The run verb's server flags, as the user types them: every mistake in the flags' own names. */
class ServerOptionsTest {
  private static ServerOptions parse(String... args) {
    ServerOptions options = new ServerOptions();
    new CommandLine(options).parseArgs(args);
    return options;
  }

  private static String mistake(String... args) {
    return assertThrows(BadInputException.class, () -> parse(args).datasets()).getMessage();
  }

  @Test
  void twoServersAreRefusedInTheFlagsNames() {
    assertEquals(
        "a dataset needs exactly one of --server, --install-dir or --jdbc-url",
        mistake("--server", "11.4.5", "--jdbc-url", "jdbc:mariadb://db:3306/x"));
    assertEquals(
        "a dataset needs exactly one of --server, --install-dir or --jdbc-url",
        mistake("--server", "11.4.5", "--install-dir", "/opt/mariadb"));
  }

  @Test
  void aCnfTemplateWithoutAnInstallationIsRefusedInTheFlagsNames() {
    assertEquals("--cnf goes with --install-dir", mistake("--cnf", "my.cnf"));
    assertEquals("--cnf goes with --install-dir", mistake("--server", "11.4.5", "--cnf", "my.cnf"));
  }

  @Test
  void noServerAndNoLabelLeaveTheDatasetsToThePlan() {
    assertNull(parse().datasets());
  }

  @Test
  void sysbenchsConnectionOptionsMakeTheUrlAndDefaultUser() {
    List<DatasetSpec> d = parse("--mysql-host", "db1", "--mysql-port", "3307").datasets();
    assertEquals(
        new ServerSpec.Jdbc("jdbc:mariadb://db1:3307/sbtest", "sbtest", null, null),
        d.get(0).server());
  }

  @Test
  void aJdbcUrlOfAnotherDatabaseIsRefused() {
    assertEquals(
        "jdbc-url must start with jdbc:mariadb: or jdbc:mysql:, was 'jdbc:postgresql://db/x'",
        mistake("--jdbc-url", "jdbc:postgresql://db/x"));
  }
}
