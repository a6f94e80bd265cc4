package io.benchlake.loadgen.server;

import io.benchlake.home.ServerFailedException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The places that keep other local users out of a server benchlake starts: its socket in a
 * directory only the owner can enter, the one directory {@code SELECT … INTO OUTFILE} and {@code
 * LOAD_FILE} may use, and the owner-only files that hold the benchmark user's password for a moment
 * (the init file) or for the server's life (the client option file).
 */
final class ServerAccess {
  static final String SOCKET = "mariadbd.sock";

  /** A Unix socket path has 108 bytes, the last one NUL. */
  static final int MAX_SOCKET_PATH = 107;

  private static final String LOCKED_DOWN = "locked-down";
  private static final Set<PosixFilePermission> OWNER_DIR =
      PosixFilePermissions.fromString("rwx------");
  private static final FileAttribute<Set<PosixFilePermission>> OWNER_FILE =
      PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"));

  private ServerAccess() {}

  /**
   * The socket of the server in {@code serverDir}: in {@code serverDir/socket/} (mode 0700), or in
   * a new private directory under the temp dir where that path would pass 107 bytes.
   */
  static Path privateSocket(Path serverDir) {
    try {
      Path dir = serverDir.resolve("socket");
      if (fits(dir.resolve(SOCKET))) {
        Files.createDirectories(dir);
        Files.setPosixFilePermissions(dir, OWNER_DIR);
        return dir.resolve(SOCKET);
      }
      for (Path tmp : new Path[] {Path.of(System.getProperty("java.io.tmpdir")), Path.of("/tmp")}) {
        if (fits(tmp.resolve("benchlake-0123456789012345678/" + SOCKET))) {
          // made with mode 0700 under a random name, so no one can put it there first
          return Files.createTempDirectory(tmp, "benchlake-").resolve(SOCKET);
        }
      }
      throw new ServerFailedException(
          "no place for the server's socket: " + dir + " and the temp dir are too deep", null);
    } catch (IOException e) {
      throw new ServerFailedException("cannot make the socket's directory: " + e.getMessage(), e);
    }
  }

  static boolean fits(Path socket) {
    return socket.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_SOCKET_PATH;
  }

  /** Removes a private temp directory {@link #privateSocket} made, once the server is gone. */
  static void releaseSocket(Path serverDir, Path socket) {
    Path dir = socket.getParent();
    if (!dir.equals(serverDir.resolve("socket"))) {
      MariaDbDistribution.deleteTree(dir);
    }
  }

  /** The one directory the server reads and writes files in for its clients (secure_file_priv). */
  static Path allowedFiles(Path serverDir) {
    return serverDir.resolve("files");
  }

  /** The [mysqld] settings that go with these places. */
  static String settings(Path serverDir) {
    return "secure_file_priv=" + allowedFiles(serverDir) + "\nlocal_infile=0\n";
  }

  /** Makes the directories of {@link #settings}, owner-only. */
  static void prepare(Path serverDir) throws IOException {
    Files.createDirectories(allowedFiles(serverDir));
    Files.setPosixFilePermissions(allowedFiles(serverDir), OWNER_DIR);
  }

  /** A file only the owner reads, written anew. */
  static Path writeSecret(Path file, String text) throws IOException {
    Files.deleteIfExists(file);
    Files.createFile(file, OWNER_FILE);
    Files.writeString(file, text, StandardCharsets.UTF_8);
    return file;
  }

  /** The mariadb client's option file for signing in as the benchmark user over the socket. */
  static Path writeClientOptions(Path serverDir, Path socket, String password) throws IOException {
    return writeSecret(
        serverDir.resolve("client.cnf"),
        "[client]\nuser="
            + BenchmarkUser.USER
            + "\npassword="
            + password
            + "\nsocket="
            + socket
            + "\ndatabase="
            + BenchmarkUser.DATABASE
            + "\n");
  }

  /** Whether {@code serverDir}'s data dir was made before benchlake locked its servers down. */
  static boolean madeBefore(Path serverDir) {
    return Files.isDirectory(serverDir.resolve("data").resolve("mysql"))
        && !Files.exists(serverDir.resolve(LOCKED_DOWN));
  }

  static void markLockedDown(Path serverDir) throws IOException {
    Files.writeString(
        serverDir.resolve(LOCKED_DOWN),
        "root and anonymous accounts dropped; only user " + BenchmarkUser.USER + " gets in\n");
  }
}
