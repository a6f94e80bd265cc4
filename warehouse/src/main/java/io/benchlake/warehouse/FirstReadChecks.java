package io.benchlake.warehouse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Reads never serve a damaged file: each committed file's content is checked against the SHA-256
 * its commit recorded when a read session first meets it, and the files found whole are kept in a
 * record under the home (never in the warehouse: a read-only mount, and reads that write nothing
 * there). A file the record holds with the same hash, size and modification time is trusted on a
 * stat; one modified since is checked again. Damage done later without changing the modification
 * time is {@code benchlake verify}'s to find (a schedule can run it). A home that cannot be written
 * checks every file at every read.
 */
public final class FirstReadChecks {
  private final Path record;

  private FirstReadChecks(Path record) {
    this.record = record;
  }

  /** The record of the warehouse at {@code root}, kept in {@code dir} (under the home). */
  public static FirstReadChecks in(Path dir, Path root) {
    byte[] where = root.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8);
    String name = ManifestSeal.sha256(where, where.length).substring(0, 16);
    return new FirstReadChecks(dir.resolve(name + ".txt"));
  }

  /** Where the record is. */
  public Path record() {
    return record;
  }

  /** One file found whole: its hash, size and modification time then. */
  private record Checked(String sha256, long size, long modified) {}

  /**
   * What is wrong with each file {@code manifest} lists under {@code root}: missing, another size,
   * or (checked now, when the record does not hold it as it is) another content. Files committed
   * before hashes were recorded are not checked.
   */
  List<String> damage(Path root, Manifest manifest) {
    Map<String, Checked> known = load();
    List<String> damaged = new ArrayList<>();
    StringBuilder found = new StringBuilder();
    for (String file : manifest.allFiles()) {
      Manifest.FileFacts expected = manifest.facts().get(file);
      if (expected == null) {
        continue;
      }
      Path path = root.resolve(file);
      try {
        BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
        long modified = a.lastModifiedTime().toMillis();
        if (a.size() != expected.size()) {
          damaged.add(path + " (" + a.size() + " bytes, committed with " + expected.size() + ")");
          continue;
        }
        Checked now = new Checked(expected.sha256(), a.size(), modified);
        if (now.equals(known.get(file))) {
          continue;
        }
        if (!CommittedFiles.factsOf(path).sha256().equals(expected.sha256())) {
          damaged.add(path + " (content differs from the committed SHA-256)");
        } else {
          found.append(line(file, now));
        }
      } catch (NoSuchFileException e) {
        damaged.add(path + " (missing)");
      } catch (IOException e) {
        damaged.add(path + " (unreadable: " + e.getMessage() + ")");
      }
    }
    if (!found.isEmpty()) {
      append(found.toString(), known.size() > 2 * manifest.allFiles().size() + 64, manifest);
    }
    return damaged;
  }

  private static String line(String file, Checked c) {
    return c.sha256() + " " + c.size() + " " + c.modified() + " " + file + "\n";
  }

  /** The files the record holds, by path; an unreadable or torn line is not held. */
  private Map<String, Checked> load() {
    Map<String, Checked> known = new HashMap<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(record, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return known;
    } catch (IOException e) {
      return known; // unreadable: every file is checked again
    }
    for (String line : lines) {
      String[] parts = line.split(" ", 4);
      if (parts.length == 4 && isHash(parts[0])) {
        try {
          known.put(
              parts[3], new Checked(parts[0], Long.parseLong(parts[1]), Long.parseLong(parts[2])));
        } catch (NumberFormatException e) {
          // a torn line: that file is checked again
        }
      }
    }
    return known;
  }

  private static boolean isHash(String s) {
    if (s.length() != 64) {
      return false;
    }
    try {
      HexFormat.of().parseHex(s);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Adds {@code lines} to the record; when it holds many files no longer committed (compaction
   * replaced them), it is written again with only the files of {@code manifest}.
   */
  private void append(String lines, boolean prune, Manifest manifest) {
    try {
      Files.createDirectories(record.getParent());
      if (prune) {
        StringBuilder kept = new StringBuilder();
        java.util.Set<String> committed = new java.util.HashSet<>(manifest.allFiles());
        load()
            .forEach(
                (file, c) -> {
                  if (committed.contains(file)) {
                    kept.append(line(file, c));
                  }
                });
        Path tmp =
            record.resolveSibling(record.getFileName() + "." + ProcessHandle.current().pid());
        Files.writeString(tmp, kept.append(lines).toString(), StandardCharsets.UTF_8);
        Files.move(tmp, record, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return;
      }
      Files.writeString(
          record,
          lines,
          StandardCharsets.UTF_8,
          StandardOpenOption.CREATE,
          StandardOpenOption.APPEND,
          StandardOpenOption.WRITE);
    } catch (IOException e) {
      // a home that cannot be written: the files are checked again at the next read
    }
  }
}
