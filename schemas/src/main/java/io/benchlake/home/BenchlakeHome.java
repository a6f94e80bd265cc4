package io.benchlake.home;

import java.nio.file.Path;

/** Where benchlake keeps its state: {@code $BENCHLAKE_HOME}, default {@code ~/.benchlake}. */
public record BenchlakeHome(Path root) {

  public BenchlakeHome {
    root = root.toAbsolutePath().normalize();
  }

  /** The home named by the benchlake.home property, else $BENCHLAKE_HOME, else ~/.benchlake. */
  public static BenchlakeHome fromEnvironment() {
    String property = System.getProperty("benchlake.home");
    if (property != null && !property.isBlank()) {
      return new BenchlakeHome(Path.of(property));
    }
    String env = System.getenv("BENCHLAKE_HOME");
    if (env != null && !env.isBlank()) {
      return new BenchlakeHome(Path.of(env));
    }
    return new BenchlakeHome(Path.of(System.getProperty("user.home"), ".benchlake"));
  }

  public Path kafka() {
    return root.resolve("kafka");
  }

  public Path warehouse() {
    return root.resolve("warehouse");
  }

  public Path servers() {
    return root.resolve("servers");
  }

  public Path logs() {
    return root.resolve("logs");
  }
}
