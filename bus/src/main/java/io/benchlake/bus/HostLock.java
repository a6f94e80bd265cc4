package io.benchlake.bus;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * This process's one open channel on a home's {@code kafka/host.lock}, shared by every {@link
 * BrokerRole} of the process for that home. The lock is a POSIX record lock, which belongs to the
 * process, and closing any descriptor of the file releases it: a role that opened and closed a
 * channel of its own (a verb joining, as a client, the broker its own process hosts) would hand the
 * host's part to the next process while the broker still runs. So the file is opened once per
 * process and closed when no role uses it.
 */
final class HostLock {
  private static final Map<Path, HostLock> OPEN = new HashMap<>();

  private final Path file;
  private final FileChannel channel;
  private int users;
  private FileLock held;

  private HostLock(Path file, FileChannel channel) {
    this.file = file;
    this.channel = channel;
  }

  /** The process's channel on {@code kafkaDir}'s lock file, opened if no role has it open. */
  static HostLock open(Path kafkaDir) throws IOException {
    Files.createDirectories(kafkaDir);
    Path file = kafkaDir.toRealPath().resolve("host.lock");
    synchronized (OPEN) {
      HostLock lock = OPEN.get(file);
      if (lock == null) {
        lock =
            new HostLock(
                file, FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE));
        OPEN.put(file, lock);
      }
      lock.users++;
      return lock;
    }
  }

  /** Takes the lock if no process holds it (this one included); whether it did. */
  boolean tryTake() throws IOException {
    synchronized (OPEN) {
      if (held != null) {
        return false;
      }
      try {
        held = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        return false; // not through this channel: cannot be, the file is opened once
      }
      return held != null;
    }
  }

  /** Lets the lock go (the host's part passes to the next process that asks). */
  void giveBack() throws IOException {
    synchronized (OPEN) {
      if (held != null) {
        held.release();
        held = null;
      }
    }
  }

  /** One role is done with the file; the last closes it. */
  void close() throws IOException {
    synchronized (OPEN) {
      if (--users == 0) {
        OPEN.remove(file);
        held = null;
        channel.close();
      }
    }
  }
}
