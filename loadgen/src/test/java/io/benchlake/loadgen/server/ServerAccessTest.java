package io.benchlake.loadgen.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;

class ServerAccessTest {
  @Test
  void theSocketIsInTheServersOwnPrivateDirectoryWhenThePathFits() throws Exception {
    Path serverDir = TestDirs.fresh("access").resolve("s");
    Path socket = ServerAccess.privateSocket(serverDir);
    assertEquals(serverDir.resolve("socket/mariadbd.sock"), socket);
    assertEquals("rwx------", mode(socket.getParent()));
    ServerAccess.releaseSocket(serverDir, socket);
    assertTrue(Files.isDirectory(socket.getParent()), "the home's own directory is kept");
  }

  @Test
  void aServerDirTooDeepForASocketGetsAPrivateTempDirectoryRemovedAtTheEnd() throws Exception {
    Path deep = TestDirs.fresh("access").resolve("d".repeat(60)).resolve("e".repeat(60));
    Path socket = ServerAccess.privateSocket(deep);
    assertFalse(socket.startsWith(deep), socket.toString());
    assertTrue(ServerAccess.fits(socket), socket.toString());
    assertEquals("rwx------", mode(socket.getParent()));
    ServerAccess.releaseSocket(deep, socket);
    assertFalse(Files.exists(socket.getParent()));
  }

  @Test
  void aSocketPathFitsIn107Bytes() {
    assertTrue(ServerAccess.fits(Path.of("/" + "a".repeat(106))));
    assertFalse(ServerAccess.fits(Path.of("/" + "a".repeat(107))));
    assertFalse(ServerAccess.fits(Path.of("/" + "é".repeat(60))), "bytes, not characters");
  }

  @Test
  void secretsAreWrittenForTheOwnerAlone() throws Exception {
    Path dir = TestDirs.fresh("access");
    Path options = ServerAccess.writeClientOptions(dir, dir.resolve("x.sock"), "s3cret-pw");
    assertEquals("rw-------", mode(options));
    assertEquals(
        "[client]\nuser=benchlake\npassword=s3cret-pw\nsocket="
            + dir.resolve("x.sock")
            + "\ndatabase=sbtest\n",
        Files.readString(options));
    assertTrue(ServerAccess.settings(dir).contains("secure_file_priv=" + dir.resolve("files")));
    assertTrue(ServerAccess.settings(dir).contains("local_infile=0"));
  }

  @Test
  void theInitFileDropsRootAndTheAnonymousAccountsAndMakesOnlyTheBenchmarkUser() {
    String sql = BenchmarkUser.initSql("abcdefgh12");
    assertTrue(sql.startsWith("SET SESSION sql_log_bin = 0;\n"), "kept out of a binlog");
    assertTrue(
        sql.contains("'root'@'localhost', 'root'@'127.0.0.1', 'root'@'::1', ''@'localhost'"));
    assertTrue(sql.contains("@@hostname"), "root@<hostname> too");
    assertTrue(
        sql.contains("CREATE OR REPLACE USER 'benchlake'@'127.0.0.1' IDENTIFIED BY 'abcdefgh12';"));
    assertTrue(sql.lines().allMatch(l -> l.endsWith(";")), "one statement a line");
    assertThrows(IllegalArgumentException.class, () -> BenchmarkUser.initSql("x'; DROP"));
  }

  private static String mode(Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }
}
