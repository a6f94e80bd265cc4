package io.benchlake.loadgen.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a server benchlake starts lets in (the benchmark user alone) and where it reads and writes
 * files (its home's {@code files/} alone), checked the same way for embedded and install-dir
 * servers.
 */
public final class ServerAccessChecks {
  private ServerAccessChecks() {}

  /**
   * As another OS user: root is refused over TCP (no such account) and over the socket (its
   * directory is closed to others), while the benchmark user, with its password, gets in over TCP.
   */
  public static void rootIsRefusedToAnotherOsUser(
      OtherOsUser nobody, int port, Path socket, String user, String password) throws Exception {
    String tcp = "-h127.0.0.1";
    String onPort = "-P" + port;
    OtherOsUser.Outcome benchmark =
        nobody.mariadb("SELECT CURRENT_USER()", tcp, onPort, "-u" + user, "-p" + password);
    assertEquals(
        0, benchmark.exit(), "the client runs and the benchmark user gets in: " + benchmark);
    // @localhost where the server resolves 127.0.0.1 (an install dir without skip-name-resolve)
    assertTrue(
        benchmark.output().matches("(?s).*\\n" + user + "@(127\\.0\\.0\\.1|localhost)$"),
        benchmark.output());

    OtherOsUser.Outcome rootTcp =
        nobody.mariadb("SELECT CURRENT_USER()", tcp, onPort, "-uroot", "--skip-password");
    assertNotEquals(0, rootTcp.exit(), rootTcp.output());
    assertTrue(rootTcp.output().contains("ERROR 1045"), "access denied: " + rootTcp.output());

    OtherOsUser.Outcome rootSocket =
        nobody.mariadb("SELECT CURRENT_USER()", "--socket=" + socket, "-uroot", "--skip-password");
    assertNotEquals(0, rootSocket.exit(), rootSocket.output());
    assertTrue(
        rootSocket.output().contains("ERROR 2002"), "no way to the socket: " + rootSocket.output());
    OtherOsUser.Outcome benchmarkSocket =
        nobody.mariadb("SELECT CURRENT_USER()", "--socket=" + socket, "-u" + user, "-p" + password);
    assertTrue(benchmarkSocket.output().contains("ERROR 2002"), benchmarkSocket.output());
  }

  /**
   * Over {@code c} (the benchmark user): files are written and read in {@code allowed} alone,
   * {@code LOAD DATA LOCAL} is off, and no account but the benchmark user's can sign in; root is
   * refused over TCP to this OS user too.
   */
  public static void onlyTheBenchmarkUserAndOnlyTheHomesFiles(
      Connection c, String jdbcUrl, Path socket, Path allowed) throws Exception {
    Path outside =
        Path.of(System.getProperty("java.io.tmpdir"), "benchlake-outfile-" + System.nanoTime());
    SQLException refused =
        assertThrows(
            SQLException.class,
            () -> c.createStatement().execute("SELECT 1 INTO OUTFILE '" + outside + "'"));
    assertEquals(1290, refused.getErrorCode(), "--secure-file-priv: " + refused.getMessage());
    assertFalse(Files.exists(outside));
    Path inside = allowed.resolve("out-" + System.nanoTime() + ".txt");
    c.createStatement().execute("SELECT 42 INTO OUTFILE '" + inside + "'");
    assertEquals("42\n", Files.readString(inside));
    Files.delete(inside);
    try (ResultSet rs =
        c.createStatement()
            .executeQuery("SELECT LOAD_FILE('/etc/passwd'), @@local_infile, @@secure_file_priv")) {
      rs.next();
      assertNull(rs.getString(1), "LOAD_FILE outside the allowed directory");
      assertEquals(0, rs.getInt(2), "local_infile");
      assertEquals(allowed + "/", rs.getString(3));
    }
    List<String> accounts = new ArrayList<>();
    try (ResultSet rs =
        c.createStatement()
            .executeQuery("SELECT CONCAT(user, '@', host) FROM mysql.user ORDER BY 1")) {
      while (rs.next()) {
        accounts.add(rs.getString(1));
      }
    }
    assertEquals(
        List.of("benchlake@127.0.0.1", "benchlake@localhost", "mariadb.sys@localhost"), accounts);
    SQLException root =
        assertThrows(
            SQLException.class, () -> DriverManager.getConnection(jdbcUrl, "root", "").close());
    assertEquals(1045, root.getErrorCode(), root.getMessage());
    assertEquals(
        "rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(socket.getParent())));
    assertTrue(socket.toString().length() <= 107, socket.toString());
  }
}
