package io.benchlake.warehouse;

import io.benchlake.home.EnvironmentException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.stream.Stream;

/**
 * The last commit of a warehouse, as {@code _ingest/CURRENT} names it: the bytes of its manifest
 * and their SHA-256, the commit's identity. A committed manifest is never rewritten, and a
 * rebuild's manifests carry their own commit times and file hashes, so the identity changes with
 * every commit and with nothing else: what a cache of answers is keyed by. Reading it parses
 * nothing (a cache hit needs no JSON parser); {@link #manifest()} parses.
 */
public record CurrentCommit(String id, Path ingestDir, byte[] manifestJson, Path file) {
  /** The identity of a warehouse nothing was committed to yet. */
  public static final String NONE = "none";

  static CurrentCommit read(Path ingestDir) {
    Path current = ingestDir.resolve("CURRENT");
    try {
      if (!Files.exists(current)) {
        if (holdsManifests(ingestDir)) {
          throw new EnvironmentException(
              current
                  + " is missing while "
                  + ingestDir
                  + " holds manifests; `benchlake ingest --rebuild` rewrites the warehouse from"
                  + " the event log");
        }
        return new CurrentCommit(NONE, ingestDir, null, null);
      }
      String seq = Files.readString(current, StandardCharsets.UTF_8).trim();
      Path manifest = ingestDir.resolve(seq + ".json");
      if (!seq.matches("\\d+") || !Files.isRegularFile(manifest)) {
        throw new EnvironmentException(
            current
                + " names no committed manifest ("
                + (seq.length() > 40 ? seq.substring(0, 40) + "…" : seq)
                + "); `benchlake ingest --rebuild` rewrites the warehouse from the event log");
      }
      byte[] json = Files.readAllBytes(manifest);
      return new CurrentCommit(idOf(json), ingestDir, json, manifest);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the warehouse manifest in " + ingestDir, e);
    }
  }

  /** The identity of a commit whose manifest is {@code json}: the SHA-256 of its bytes, in hex. */
  static String idOf(byte[] json) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(json));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  private static boolean holdsManifests(Path ingestDir) throws IOException {
    if (!Files.isDirectory(ingestDir)) {
      return false;
    }
    try (Stream<Path> files = Files.list(ingestDir)) {
      return files.anyMatch(f -> f.getFileName().toString().matches("\\d+\\.json"));
    }
  }

  /**
   * Whether this commit's manifest carries its own checksum ({@link ManifestSeal}): false for one
   * written before manifests did, and for a new warehouse.
   */
  public boolean sealed() {
    if (manifestJson == null) {
      return false;
    }
    manifest(); // a damaged one is refused as a read refuses it
    try {
      return ManifestReader.sealed(manifestJson);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the warehouse manifest " + file, e);
    }
  }

  /** The manifest of this commit, or an empty one for a new warehouse. */
  public Manifest manifest() {
    if (manifestJson == null) {
      return Manifest.empty();
    }
    try {
      return ManifestReader.read(manifestJson);
    } catch (com.fasterxml.jackson.core.JacksonException e) {
      throw new EnvironmentException(
          "the warehouse manifest "
              + file
              + " is damaged ("
              + e.getOriginalMessage()
              + "); `benchlake ingest --rebuild` rewrites the warehouse from the event log",
          e);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the warehouse manifest in " + ingestDir, e);
    }
  }
}
