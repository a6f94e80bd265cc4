package io.benchlake.web;

import io.benchlake.home.EnvironmentException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;

/**
 * The bearer token every write (and, off loopback, every read) must carry: {@code BENCHLAKE_TOKEN}
 * when set, else the one in the home's token file, made at the first start with mode 0600. The
 * token is never printed; requests are compared with it in constant time.
 */
public final class DashboardToken {
  private final byte[] token;
  private final String origin;

  private DashboardToken(String token, String origin) {
    if (token.isBlank()) {
      throw new EnvironmentException("the dashboard token is empty (" + origin + ")");
    }
    this.token = token.strip().getBytes(StandardCharsets.UTF_8);
    this.origin = origin;
  }

  /** The token of {@code BENCHLAKE_TOKEN} ({@code fromEnvironment}) or of {@code file}. */
  public static DashboardToken resolve(Optional<String> fromEnvironment, Path file) {
    if (fromEnvironment.isPresent() && !fromEnvironment.get().isBlank()) {
      return new DashboardToken(fromEnvironment.get(), "BENCHLAKE_TOKEN");
    }
    try {
      if (!Files.exists(file)) {
        byte[] random = new byte[32];
        new SecureRandom().nextBytes(random);
        String made = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        Files.createDirectories(file.toAbsolutePath().getParent());
        try {
          Files.createFile(
              file,
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
          Files.writeString(file, made + "\n");
        } catch (FileAlreadyExistsException raced) {
          // another dashboard made it first: read theirs
        }
      }
      return new DashboardToken(Files.readString(file), "the token file " + file);
    } catch (IOException e) {
      throw new EnvironmentException("cannot make or read the token file " + file + ": " + e, e);
    }
  }

  /** Where the token came from, to print (never the token). */
  public String origin() {
    return origin;
  }

  /** Whether {@code authorization} (a request's header) is {@code Bearer <this token>}. */
  public boolean admits(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    byte[] given = authorization.substring(7).strip().getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(given, token);
  }
}
