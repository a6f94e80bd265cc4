package io.benchlake.loadgen.server;

import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One process at a time has a server directory of the home (docs/architecture.md, Servers under
 * test: servers under test run one at a time): two runs on one data dir would measure each other,
 * and the first to stop its server would take it from the second. The lock is the operating
 * system's, so it ends with its process, however that ends; {@code owner} beside it names the
 * process for the one that waits.
 */
final class ServerLock implements AutoCloseable {
  private static final String LOCK = "server.lock";
  private static final String OWNER = "server.owner";

  private final FileChannel channel;

  private ServerLock(FileChannel channel) {
    this.channel = channel;
  }

  /** Takes {@code serverDir} for this process, waiting for (or refusing) another that has it. */
  static ServerLock take(Path serverDir, String server, ServerTurn turn) {
    try {
      Files.createDirectories(serverDir);
      FileChannel channel =
          FileChannel.open(
              serverDir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      try {
        FileLock lock = channel.tryLock();
        if (lock == null) {
          String owner = owner(serverDir);
          if (!turn.waits()) {
            throw new BadInputException(
                server
                    + " is in use by "
                    + owner
                    + " (another run or server of this home): try again when it ends, or leave"
                    + " out --no-wait to wait for it");
          }
          turn.notice()
              .accept(server + " is in use by " + owner + "; waiting for it to finish ...");
          channel.lock();
        }
      } catch (OverlappingFileLockException e) {
        channel.close();
        throw new IllegalStateException(server + " is already running in this process", e);
      } catch (RuntimeException | IOException e) {
        channel.close();
        throw e;
      }
      Files.writeString(
          serverDir.resolve(OWNER), ProcessHandle.current().pid() + "\n", StandardCharsets.UTF_8);
      return new ServerLock(channel);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock " + serverDir.resolve(LOCK), e);
    }
  }

  private static String owner(Path serverDir) {
    try {
      return "process "
          + Files.readString(serverDir.resolve(OWNER), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      return "another process";
    }
  }

  @Override
  public void close() {
    try {
      channel.close(); // releases the lock
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
