package io.benchlake.warehouse;

import io.benchlake.home.EnvironmentException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Tells a manifest written before hashes and checksums were recorded from one whose hashes were
 * removed after its commit: no commit drops a file's recorded hash (each carries the earlier ones
 * forward) or a manifest's checksum (every commit since writes one, and an earlier benchlake cannot
 * read a sealed manifest to commit after it), so an earlier manifest kept beside the current one
 * that records either contradicts a current one without them; and a manifest that records the log's
 * fingerprints (newer than files' hashes) hashed every file it added. What nothing contradicts is a
 * legacy warehouse, for {@code verify --record} or a rebuild to upgrade.
 */
final class LegacyManifestCheck {
  private LegacyManifestCheck() {}

  /**
   * Refuses (exit 6) a current manifest that lacks hashes or its checksum although an earlier
   * manifest in {@code ingestDir} had them.
   */
  static void refuseStripped(CurrentCommit commit, Path ingestDir) {
    Manifest current = commit.manifest();
    if (current.seq() == 0) {
      return;
    }
    List<String> unrecorded =
        current.allFiles().stream().filter(f -> !current.facts().containsKey(f)).toList();
    boolean unsealed = !commit.sealed();
    if (unrecorded.isEmpty() && !unsealed) {
      return;
    }
    contradiction(current, unrecorded, unsealed, ingestDir)
        .ifPresent(
            why -> {
              throw new EnvironmentException(
                  "the warehouse manifest "
                      + commit.file()
                      + " is damaged: it lacks "
                      + (unrecorded.isEmpty()
                          ? ""
                          : "the hashes of " + unrecorded.size() + " file(s)")
                      + (unrecorded.isEmpty() || !unsealed ? "" : " and ")
                      + (unsealed ? "its checksum" : "")
                      + ", as one written before they were recorded would, but "
                      + why
                      + "; `benchlake ingest --rebuild` rewrites the warehouse from the event log");
            });
  }

  private static Optional<String> contradiction(
      Manifest current, List<String> unrecorded, boolean unsealed, Path ingestDir) {
    // the log's fingerprints came after files' hashes: a commit that records them hashes every
    // file it adds (its batch and compacted files are named part-SEQ-…)
    if (current.fingerprints() != null) {
      String added = "part-" + current.seq() + "-";
      for (String f : unrecorded) {
        if (f.substring(f.lastIndexOf('/') + 1).startsWith(added)) {
          return Optional.of(
              "it records the event log's fingerprints, which only manifests that record every"
                  + " added file's hash carry, and lacks the hash of "
                  + f
                  + " that ingest "
                  + current.seq()
                  + " added");
        }
      }
    }
    List<Path> earlier;
    try (Stream<Path> files = Files.list(ingestDir)) {
      earlier =
          files
              .filter(f -> f.getFileName().toString().matches("\\d+\\.json"))
              .filter(f -> seqOf(f) < current.seq())
              .sorted()
              .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the manifests in " + ingestDir, e);
    }
    for (Path file : earlier) {
      byte[] json;
      Manifest before;
      boolean sealed;
      try {
        json = Files.readAllBytes(file);
        before = ManifestReader.read(json);
        sealed = ManifestReader.sealed(json);
      } catch (IOException e) {
        continue; // an earlier manifest that no longer reads says nothing of the current one
      }
      if (unsealed && sealed) {
        return Optional.of("ingest " + before.seq() + "'s manifest before it carries a checksum");
      }
      for (String f : unrecorded) {
        if (before.facts().containsKey(f)) {
          return Optional.of(
              "ingest " + before.seq() + "'s manifest before it records the hash of " + f);
        }
      }
    }
    return Optional.empty();
  }

  private static long seqOf(Path manifest) {
    String name = manifest.getFileName().toString();
    try {
      return Long.parseLong(name.substring(0, name.length() - ".json".length()));
    } catch (NumberFormatException e) {
      return Long.MAX_VALUE;
    }
  }
}
