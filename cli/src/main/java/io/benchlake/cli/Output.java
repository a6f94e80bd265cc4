package io.benchlake.cli;

import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes a command's result to standard output or, whole or not at all, to a file. */
final class Output {
  private Output() {}

  static void write(String text, Path file) {
    if (file == null) {
      System.out.print(text);
      System.out.flush();
      return;
    }
    Path target = file.toAbsolutePath();
    try {
      Path tmp = Files.createTempFile(target.getParent(), ".benchlake-", ".tmp");
      Files.writeString(tmp, text);
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      io.benchlake.home.DiskSpace.refuseIfFull(e, target);
      throw new BadInputException("cannot write " + file + ": " + e.getMessage());
    }
  }
}
