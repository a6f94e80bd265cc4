package io.benchlake.loadgen.server;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What ends a mariadbd whose owner is gone: a watchdog process beside each server, and the next
 * start, which finds a server left running by its pid file.
 */
final class ServerWatchdog {
  private static final Logger LOG = LoggerFactory.getLogger(ServerWatchdog.class);
  private static final long STOP_TIMEOUT_S = 60;

  private ServerWatchdog() {}

  /**
   * A process that stops the server with SIGTERM (a clean shutdown) once this JVM is gone, and ends
   * by itself when the server does. {@code sh} and {@code kill} are all it needs.
   */
  static Process start(long serverPid) throws IOException {
    String script =
        "while kill -0 \"$0\" 2>/dev/null; do"
            + " kill -0 \"$1\" 2>/dev/null || exit 0; sleep 1; done; kill \"$1\" 2>/dev/null";
    return new ProcessBuilder(
            "sh",
            "-c",
            script,
            String.valueOf(ProcessHandle.current().pid()),
            String.valueOf(serverPid))
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
  }

  /**
   * Stops a mariadbd that runs from this directory's cnf though no process has the directory (the
   * caller holds its lock): its owner died, and its watchdog with it.
   */
  static void stopLeftover(Path serverDir, Path cnf) {
    Optional<ProcessHandle> leftover = leftover(serverDir, cnf);
    if (leftover.isEmpty()) {
      return;
    }
    ProcessHandle p = leftover.get();
    LOG.warn(
        "stopping mariadbd (pid {}) left running in {} by a benchlake process that ended",
        p.pid(),
        serverDir);
    p.destroy();
    try {
      p.onExit().get(STOP_TIMEOUT_S, TimeUnit.SECONDS);
    } catch (Exception e) {
      p.destroyForcibly();
      p.onExit().join();
    }
  }

  /** The live mariadbd named by {@code serverDir}'s pid file and started from its cnf, if any. */
  static Optional<ProcessHandle> leftover(Path serverDir, Path cnf) {
    try {
      long pid =
          Long.parseLong(Files.readString(serverDir.resolve(MariadbdProcess.PID_FILE)).strip());
      String ownCnf = "--defaults-file=" + cnf;
      return ProcessHandle.of(pid)
          .filter(ProcessHandle::isAlive)
          .filter(h -> h.info().arguments().map(a -> List.of(a).contains(ownCnf)).orElse(false));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty(); // no pid file: the server stopped cleanly, or never ran
    }
  }
}
