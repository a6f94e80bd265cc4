package io.benchlake.loadgen.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Another OS user on this machine ({@code nobody}, through {@code runuser}) running the mariadb
 * client, as an attacker with a local account would: only where the tests run as root.
 */
public final class OtherOsUser {
  private static final Path RUNUSER = Path.of("/usr/sbin/runuser");

  /** What the client printed and how it exited. */
  public record Outcome(int exit, String output) {}

  private final Path client;

  private OtherOsUser(Path client) {
    this.client = client;
  }

  /**
   * {@code nobody} with a copy of {@code installDir}'s mariadb client in a directory it can read;
   * skips the test, saying why, where the tests do not run as root.
   */
  public static OtherOsUser nobodyWithClientOf(Path installDir) throws IOException {
    String me = System.getProperty("user.name");
    assumeTrue(
        "root".equals(me),
        "skipped: becoming another OS user (runuser -u nobody) needs the tests to run as root;"
            + " they run as "
            + me);
    assumeTrue(Files.isExecutable(RUNUSER), "skipped: no " + RUNUSER + " to become nobody");
    Path dir =
        Files.createTempDirectory(
            "benchlake-client-",
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
    Path client = dir.resolve("mariadb");
    Files.copy(installDir.resolve("bin/mariadb"), client);
    Files.setPosixFilePermissions(client, PosixFilePermissions.fromString("rwxr-xr-x"));
    return new OtherOsUser(client);
  }

  /** Runs {@code mariadb --no-defaults --skip-ssl ARGS -e SQL} as nobody. */
  public Outcome mariadb(String sql, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(
            List.of(
                RUNUSER.toString(),
                "-u",
                "nobody",
                "--",
                client.toString(),
                "--no-defaults",
                "--skip-ssl",
                "--connect-timeout=10"));
    command.addAll(List.of(args));
    command.addAll(List.of("-e", sql));
    Process p =
        new ProcessBuilder(command)
            .directory(client.getParent().toFile())
            .redirectErrorStream(true)
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("the mariadb client did not end: " + out);
    }
    return new Outcome(p.exitValue(), out);
  }
}
