package io.benchlake.warehouse;

import io.benchlake.home.EnvironmentException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Checks committed files against the size and SHA-256 their manifest recorded. DuckDB does not
 * check Parquet page CRCs, so a flipped byte would be served as a wrong number: a read session
 * checks sizes (a stat per file), {@code benchlake verify} and compaction check content.
 */
public final class CommittedFiles {
  private CommittedFiles() {}

  /** The facts of a file as it is now on disk. */
  public static Manifest.FileFacts factsOf(Path file) throws IOException {
    MessageDigest sha = sha256();
    long size = 0;
    byte[] buffer = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        sha.update(buffer, 0, n);
        size += n;
      }
    }
    return new Manifest.FileFacts(size, HexFormat.of().formatHex(sha.digest()));
  }

  /**
   * What is wrong with each of {@code files} (relative to {@code root}) that differs from its
   * recorded facts: missing, another size, or (with {@code content}) another hash. Files committed
   * before facts were recorded are not checked.
   */
  public static List<String> damage(
      Path root, Manifest manifest, List<String> files, boolean content) {
    List<String> damaged = new ArrayList<>();
    for (String file : files) {
      Manifest.FileFacts expected = manifest.facts().get(file);
      if (expected == null) {
        continue;
      }
      Path path = root.resolve(file);
      try {
        long size = Files.size(path);
        if (size != expected.size()) {
          damaged.add(path + " (" + size + " bytes, committed with " + expected.size() + ")");
        } else if (content && !factsOf(path).sha256().equals(expected.sha256())) {
          damaged.add(path + " (content differs from the committed SHA-256)");
        }
      } catch (NoSuchFileException e) {
        damaged.add(path + " (missing)");
      } catch (IOException e) {
        damaged.add(path + " (unreadable: " + e.getMessage() + ")");
      }
    }
    return damaged;
  }

  /** Throws the one-line {@link EnvironmentException} naming {@code damaged}, if there are any. */
  public static void refuse(List<String> damaged) {
    if (damaged.isEmpty()) {
      return;
    }
    throw new EnvironmentException(
        "damaged warehouse file"
            + (damaged.size() == 1 ? " " : "s ")
            + String.join(", ", damaged.subList(0, Math.min(3, damaged.size())))
            + (damaged.size() > 3 ? " and " + (damaged.size() - 3) + " more" : "")
            + "; `benchlake ingest --rebuild` rewrites the warehouse from the event log");
  }

  /** Facts of the files {@code added} lists (relative to {@code root}). */
  static Map<String, Manifest.FileFacts> factsOf(Path root, Map<String, List<String>> added)
      throws IOException {
    Map<String, Manifest.FileFacts> facts = new java.util.TreeMap<>();
    for (List<String> files : added.values()) {
      for (String file : files) {
        facts.put(file, factsOf(root.resolve(file)));
      }
    }
    return facts;
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new UncheckedIOException(new IOException("no SHA-256 in this JVM", e));
    }
  }
}
