package io.benchlake.importers;

import io.benchlake.core.Labels;
import io.benchlake.home.BadInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The files under the directories of an import that its {@code --layout} names, each with the
 * fields its path gives (docs/import.md, "--layout"): what sysbench, HammerDB and tpcc-mysql share.
 * A field's value is held to the label rules; a layout that matches no file is refused saying so.
 */
public final class LayoutFiles {
  private LayoutFiles() {}

  /** A file the layout matched: where it lies, its path relative to the root given, its fields. */
  public record Match(Path file, String relative, Map<String, String> fields) {
    public Match {
      fields = Map.copyOf(fields);
    }

    public Optional<String> field(String name) {
      return Optional.ofNullable(fields.get(name));
    }
  }

  /** What a format makes of a file under the directory that the layout does not match. */
  public enum Unmatched {
    /** Left alone: the layout picks the files to read out of the directory. */
    SKIPPED,
    /** Refused, one line each: every file under the directory is an output the layout names. */
    REFUSED
  }

  /** The matched files, and the refusals of unmatched ones the request keeps going past. */
  public record Found(List<Match> files, List<String> failures) {
    public Found {
      files = List.copyOf(files);
      failures = List.copyOf(failures);
    }
  }

  /**
   * The files under each directory of {@code request} (in name order; sidecars are never outputs)
   * that {@code layout} matches. A field in {@code refusedFields} is refused with its reason before
   * any file is read.
   */
  public static Found find(
      ImportRequest request,
      PathLayout layout,
      Map<String, String> refusedFields,
      Unmatched unmatched) {
    for (String field : layout.names()) {
      if (refusedFields.containsKey(field)) {
        throw new BadInputException("--layout {" + field + "}: " + refusedFields.get(field));
      }
    }
    List<Match> files = new ArrayList<>();
    List<Path> notMatched = new ArrayList<>();
    for (Path root : request.paths()) {
      for (Path file : ImportFiles.walk(root)) {
        if (Sidecar.is(file)) {
          continue;
        }
        String relative = relative(root, file);
        Optional<Map<String, String>> fields = layout.fields(relative);
        if (fields.isEmpty()) {
          notMatched.add(file);
          continue;
        }
        for (var field : fields.get().entrySet()) {
          Labels.problem("{" + field.getKey() + "}", field.getValue())
              .ifPresent(
                  p -> {
                    throw new BadInputException(file + ": " + p);
                  });
        }
        files.add(new Match(file, relative, fields.get()));
      }
    }
    if (files.isEmpty()) {
      throw new BadInputException(
          "--layout '"
              + layout.text()
              + "' matches no file under "
              + request.paths().stream().map(Path::toString).collect(Collectors.joining(", "))
              + (notMatched.isEmpty()
                  ? " (it holds no file)"
                  : " (e.g. not "
                      + notMatched.stream()
                          .limit(2)
                          .map(f -> relative(request, f))
                          .collect(Collectors.joining(", "))
                      + ")")
              + ": the layout is read from the directory given down to each file");
    }
    List<String> failures = new ArrayList<>();
    if (unmatched == Unmatched.REFUSED) {
      notMatched.forEach(f -> failures.add(ImportFiles.failure(request, notNamed(f, layout))));
    }
    return new Found(files, failures);
  }

  private static String relative(Path root, Path file) {
    return root.relativize(file).toString().replace('\\', '/');
  }

  /** A file's path relative to the directory given that holds it. */
  private static String relative(ImportRequest request, Path file) {
    return request.paths().stream()
        .filter(file::startsWith)
        .findFirst()
        .map(root -> relative(root, file))
        .orElse(file.toString());
  }

  private static BadInputException notNamed(Path file, PathLayout layout) {
    return new BadInputException(
        file
            + ": not a path --layout '"
            + layout.text()
            + "' names: every file under the directory given is read as an output, so move this"
            + " one out or give a layout that names it");
  }
}
