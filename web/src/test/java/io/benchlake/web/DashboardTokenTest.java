package io.benchlake.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DashboardTokenTest {
  @Test
  void theFirstStartMakesAPrivateTokenFileThatLaterStartsReadAgain() throws Exception {
    Path file = TestDirs.fresh("dashboard-token").resolve("dashboard.token");
    DashboardToken made = DashboardToken.resolve(Optional.empty(), file);
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    String token = Files.readString(file).strip();
    assertTrue(token.length() >= 40, "256 random bits, base64url");
    assertTrue(made.admits("Bearer " + token));
    assertTrue(DashboardToken.resolve(Optional.empty(), file).admits("bearer " + token));
    assertFalse(made.origin().contains(token), "the origin names the file, never the token");
  }

  @Test
  void theEnvironmentWinsAndOnlyTheExactBearerTokenIsAdmitted() throws Exception {
    Path file = TestDirs.fresh("dashboard-token-env").resolve("dashboard.token");
    DashboardToken t = DashboardToken.resolve(Optional.of("s3cret"), file);
    assertFalse(Files.exists(file), "no file is made when BENCHLAKE_TOKEN is set");
    assertEquals("BENCHLAKE_TOKEN", t.origin());
    assertTrue(t.admits("Bearer s3cret"));
    assertFalse(t.admits("s3cret"));
    assertFalse(t.admits("Bearer s3cre"));
    assertFalse(t.admits("Bearer s3cret2"));
    assertFalse(t.admits("Basic s3cret"));
    assertFalse(t.admits(null));
  }
}
