package io.benchlake.home;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A full disk, told as one line naming the path and the space needed instead of the stack of
 * whatever library hit it first (Flink, Parquet, Kafka): an {@link EnvironmentException}, exit 6.
 */
public final class DiskSpace {
  private DiskSpace() {}

  /** ENOSPC as the JDK words it, and as Hadoop's local file system passes it on. */
  private static final String NO_SPACE = "No space left on device";

  /** Whether {@code e} or one of its causes is a full disk. */
  public static boolean isFull(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String message = t.getMessage();
      if (message != null && message.contains(NO_SPACE)) {
        return true;
      }
    }
    return false;
  }

  /** Throws the one-line exception when {@code e} is a full disk under {@code where}. */
  public static void refuseIfFull(Throwable e, Path where) {
    refuseIfFull(e, where, 0);
  }

  /**
   * As {@link #refuseIfFull(Throwable, Path)}, saying that the work needed about {@code needed}
   * bytes there (0: not known).
   */
  public static void refuseIfFull(Throwable e, Path where, long needed) {
    if (!isFull(e)) {
      return;
    }
    Path path = failedPath(e).orElse(where);
    long free = usable(where);
    throw new EnvironmentException(
        "no space left on the disk of "
            + path
            + " ("
            + megabytes(free)
            + " free"
            + (needed > free ? ", about " + megabytes(needed) + " needed" : "")
            + "); free space there (or point BENCHLAKE_WAREHOUSE elsewhere) and run the command"
            + " again: nothing was committed",
        e);
  }

  /** The bytes free for this process on the file system of {@code path} (0 when unknown). */
  public static long usable(Path path) {
    for (Path p = path.toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.exists(p)) {
        try {
          return Files.getFileStore(p).getUsableSpace();
        } catch (IOException e) {
          return 0;
        }
      }
    }
    return 0;
  }

  private static java.util.Optional<Path> failedPath(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof FileSystemException fs && fs.getFile() != null) {
        return java.util.Optional.of(Path.of(fs.getFile()));
      }
    }
    return java.util.Optional.empty();
  }

  static String megabytes(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
  }
}
