package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/** Reads the files of an import one by one under the request's policy for a file that fails. */
public final class ImportFiles {
  private ImportFiles() {}

  /** What each file read gave, the files that failed (file:line: what) and the bytes read. */
  public record Read<T>(List<T> values, List<String> failures, long bytes) {}

  public static <T> Read<T> each(
      ImportRequest request, List<Path> paths, Function<SourceFile, T> handler) {
    List<T> values = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    long bytes = 0;
    for (Path path : paths) {
      try {
        refuseDirectory(path, request.format().name(), "");
        SourceFile file = SourceFile.read(path);
        bytes += Files.size(path);
        values.add(handler.apply(file));
      } catch (BadInputException e) {
        failures.add(failure(request, e));
      } catch (IOException e) {
        failures.add(failure(request, new BadInputException(path + ": " + e.getMessage())));
      }
    }
    return new Read<>(values, failures, bytes);
  }

  /**
   * The line to report for a file that failed, when the request keeps going; otherwise the first
   * failure ends the import.
   */
  public static String failure(ImportRequest request, BadInputException e) {
    if (!request.keepGoing()) {
      throw e;
    }
    return e.getMessage();
  }

  /**
   * Refuses a directory where an importer reads files, in one line saying what to give instead
   * ({@code advice}, e.g. "or --layout PATTERN …"), rather than the OS's "Is a directory".
   */
  public static void refuseDirectory(Path path, String format, String advice) {
    if (Files.isDirectory(path)) {
      throw new BadInputException(
          path
              + ": a directory; import "
              + format
              + " reads files: give them by name ("
              + path.resolve("*")
              + ")"
              + advice);
    }
  }

  /** The regular files under a directory, in name order. */
  public static List<Path> walk(Path root) {
    if (!Files.isDirectory(root)) {
      throw new BadInputException(
          root + ": with --layout, give the directory the layout starts from");
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).sorted().toList();
    } catch (IOException e) {
      throw new BadInputException(root + ": " + e.getMessage());
    }
  }
}
