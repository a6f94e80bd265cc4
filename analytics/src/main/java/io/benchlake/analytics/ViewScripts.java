package io.benchlake.analytics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The view definitions: the {@code sql/*.sql} files shipped in this jar, in name order. */
public final class ViewScripts {
  private ViewScripts() {}

  /** A named SQL script. */
  public record Script(String name, String sql) {}

  public static List<Script> load() {
    URL url = ViewScripts.class.getResource("/sql");
    if (url == null) {
      throw new IllegalStateException("no sql/ directory on the classpath");
    }
    try {
      URI uri = url.toURI();
      if ("jar".equals(uri.getScheme())) {
        try (FileSystem fs = openJar(uri)) {
          return read(fs.getPath("/sql"));
        }
      }
      return read(Path.of(uri));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  private static FileSystem openJar(URI uri) throws IOException {
    try {
      return FileSystems.newFileSystem(uri, Map.of());
    } catch (FileSystemAlreadyExistsException e) {
      return FileSystems.getFileSystem(uri);
    }
  }

  private static List<Script> read(Path dir) throws IOException {
    List<Script> scripts = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file :
          files
              .filter(p -> p.getFileName().toString().endsWith(".sql"))
              .sorted(Comparator.comparing(p -> p.getFileName().toString()))
              .toList()) {
        scripts.add(
            new Script(
                file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8)));
      }
    }
    return scripts;
  }
}
