package io.benchlake.warehouse;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * A manifest's own checksum: its last field, {@code "manifestSha256"}, is the SHA-256 of every byte
 * of the file before that field's name, so a manifest edited after its commit (a hash removed, a
 * file added, an offset moved) no longer reads. Manifests written before it existed have none; they
 * read as they are and {@code benchlake verify} says they are not checked until {@code verify
 * --record} or a rebuild writes a sealed one.
 */
final class ManifestSeal {
  /** The name of the checksum's field. */
  static final String FIELD = "manifestSha256";

  private ManifestSeal() {}

  /** {@code json} (one object, as the mapper writes it) with its checksum as the last field. */
  static byte[] seal(byte[] json) {
    int close = json.length - 1;
    while (close >= 0 && json[close] != '}') {
      close--;
    }
    int end = close;
    while (end > 0 && Character.isWhitespace(json[end - 1])) {
      end--;
    }
    if (close < 0 || end < 1) {
      throw new IllegalArgumentException("not a JSON object");
    }
    byte[] before =
        concat(
            Arrays.copyOf(json, end),
            (json[end - 1] == '{' ? "\n  " : ",\n  ").getBytes(StandardCharsets.UTF_8));
    return concat(
        before,
        ("\"" + FIELD + "\" : \"" + sha256(before, before.length) + "\"\n}\n")
            .getBytes(StandardCharsets.UTF_8));
  }

  /** The hex SHA-256 of the first {@code length} bytes of {@code bytes}. */
  static String sha256(byte[] bytes, int length) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(bytes, 0, length);
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
