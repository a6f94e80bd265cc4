package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.loadgen.server.MariaDbDistribution;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * benchlake run --install-dir --cnf: the TAF way of running a server, through the command line, the
 * event log and the warehouse to the report's Database Info.
 */
class InstallDirRunIT {
  /** The homes, each with its broker kept while its test (or class) runs. */
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  @Test
  void aRunOnAnInstallDirReportsItsGeneratedCnfWithoutSecrets() throws Exception {
    Path home = BROKER.freshHome("install-run");
    Path install = MariaDbDistribution.of("11.4.5").unpacked(home.resolve("mariadb-11.4.5"));
    Path template = home.resolve("bench.cnf");
    Files.writeString(
        template, "[client]\npassword=s3cret-in-template\n[mysqld]\ninnodb_buffer_pool_size=96M\n");
    CliRunner.Run run =
        CliRunner.run(
            "run",
            "--install-dir",
            install.toString(),
            "--cnf",
            template.toString(),
            "--workload",
            "oltp_point_select",
            "--tables",
            "1",
            "--table-size",
            "1000",
            "--threads",
            "1",
            "--time",
            "2s",
            "--rate", // throttled: what is tested is the install dir and its cnf, not its speed
            "50",
            "--dataset",
            "from install dir");
    ok(run);
    ok(CliRunner.run("ingest"));
    CliRunner.Run origin =
        CliRunner.run(
            "sql",
            "select config_origin, variables_json like '%\"innodb_buffer_pool_size\": \"100663296\"%'"
                + " or variables_json like '%\"innodb_buffer_pool_size\":\"100663296\"%',"
                + " config_contents from environments",
            "--format",
            "csv");
    ok(origin);
    assertTrue(origin.out().contains("install-dir,true"), origin.out());
    assertTrue(origin.out().contains("innodb_buffer_pool_size=96M"), origin.out());
    assertFalse(origin.out().contains("s3cret-in-template"), "the template's password is redacted");
    CliRunner.Run report = CliRunner.run("report", "--test", "SELECT_SIMPLE");
    ok(report);
    assertTrue(report.out().contains("DB Generated Config Run File"), report.out());
    assertTrue(report.out().contains("run.cnf"), report.out());

    CliRunner.Run notInstall =
        CliRunner.run("run", "--install-dir", home.toString(), "--workload", "oltp_point_select");
    assertEquals(2, notInstall.exit());
    assertTrue(notInstall.err().contains("is not a MariaDB installation"), notInstall.err());
    CliRunner.Run cnfAlone =
        CliRunner.run(
            "run", "--cnf", template.toString(), "--jdbc-url", "jdbc:mariadb://127.0.0.1:1/x");
    assertEquals(2, cnfAlone.exit());
    assertTrue(cnfAlone.err().contains("--cnf goes with --install-dir"), cnfAlone.err());
  }
}
