package io.benchlake.home;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where benchlake keeps its state: {@code $BENCHLAKE_HOME}, default {@code ~/.benchlake}; the
 * warehouse is under it unless {@code $BENCHLAKE_WAREHOUSE} puts it elsewhere (e.g. on a file
 * system shared with the task managers of a Flink cluster).
 */
public record BenchlakeHome(Path root, Path warehouse) {
  /** A URI's scheme, as a warehouse location may begin ({@code file:/…}, {@code s3://…}). */
  private static final Pattern SCHEME = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]+):.*");

  public BenchlakeHome {
    root = root.toAbsolutePath().normalize();
    warehouse =
        warehouse == null ? root.resolve("warehouse") : warehouse.toAbsolutePath().normalize();
  }

  /** A home with its warehouse under it. */
  public BenchlakeHome(Path root) {
    this(root, null);
  }

  /**
   * The home named by the benchlake.home property, else $BENCHLAKE_HOME, else ~/.benchlake; its
   * warehouse named by the benchlake.warehouse property, else $BENCHLAKE_WAREHOUSE, else under it.
   *
   * @throws BadInputException when the warehouse is named by a URI of a file system benchlake does
   *     not read
   */
  public static BenchlakeHome fromEnvironment() {
    Path root =
        setting("benchlake.home", "BENCHLAKE_HOME")
            .map(Path::of)
            .orElse(Path.of(System.getProperty("user.home"), ".benchlake"));
    Path warehouse =
        setting("benchlake.warehouse", "BENCHLAKE_WAREHOUSE")
            .map(BenchlakeHome::warehouseLocation)
            .orElse(null);
    return new BenchlakeHome(root, warehouse);
  }

  private static Optional<String> setting(String property, String variable) {
    return Optional.ofNullable(System.getProperty(property))
        .filter(v -> !v.isBlank())
        .or(() -> Optional.ofNullable(System.getenv(variable)))
        .map(String::trim)
        .filter(v -> !v.isEmpty());
  }

  /**
   * A warehouse location: a path, or a {@code file:} URI (Flink's name for the same). The views are
   * read by DuckDB, which here has no network file systems, so an object store or HDFS URI is
   * refused, with what to do instead.
   */
  static Path warehouseLocation(String location) {
    var scheme = SCHEME.matcher(location);
    if (!scheme.matches()) {
      return Path.of(location);
    }
    if (!scheme.group(1).equalsIgnoreCase("file")) {
      throw new BadInputException(
          "BENCHLAKE_WAREHOUSE="
              + location
              + ": a "
              + scheme.group(1)
              + ": warehouse is not supported; give a path or a file: URI on a local or mounted"
              + " file system (DuckDB reads the warehouse here without network file systems)");
    }
    try {
      URI uri = new URI(location);
      if (uri.getAuthority() != null && !uri.getAuthority().equalsIgnoreCase("localhost")) {
        throw new BadInputException(
            "BENCHLAKE_WAREHOUSE="
                + location
                + ": a file: URI names a path on this machine (file:///path), not a host");
      }
      return Path.of(uri.getPath());
    } catch (URISyntaxException e) {
      throw new BadInputException(
          "BENCHLAKE_WAREHOUSE=" + location + ": not a valid URI: " + e.getReason());
    }
  }

  public Path kafka() {
    return root.resolve("kafka");
  }

  public Path servers() {
    return root.resolve("servers");
  }

  public Path logs() {
    return root.resolve("logs");
  }
}
