package io.benchlake.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.testing.TestDirs;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Who may ask what, without a socket: on loopback reads are open and writes need the token; bound
 * to another address (here a documentation address, never bound) every read but the static files
 * needs it too; the Host must name the bound address and port; a write from another site's page
 * (its Origin) is refused even with the token.
 */
class AccessGuardTest {
  private static final String TOKEN = "Bearer guard-test-token";

  private static AccessGuard guard(String bind) throws Exception {
    return new AccessGuard(
        bind,
        8080,
        DashboardToken.resolve(
            Optional.of("guard-test-token"), TestDirs.fresh("guard").resolve("unused.token")));
  }

  private static int refused(Runnable request) {
    return assertThrows(AccessGuard.Refusal.class, request::run).status;
  }

  @Test
  void onLoopbackReadsAreOpenAndWritesNeedTheTokenFromThisSite() throws Exception {
    AccessGuard g = guard("127.0.0.1");
    g.check(false, "/runs", "127.0.0.1:8080", null, null);
    g.check(false, "/runs", "localhost:8080", null, null);
    assertEquals(
        401, refused(() -> g.check(true, "/api/v1/alerts/state", "127.0.0.1:8080", null, null)));
    g.check(true, "/api/v1/alerts/state", "127.0.0.1:8080", "http://127.0.0.1:8080", TOKEN);
    g.check(true, "/api/v1/alerts/state", "127.0.0.1:8080", null, TOKEN);
    assertEquals(
        403,
        refused(
            () ->
                g.check(
                    true, "/api/v1/alerts/state", "127.0.0.1:8080", "http://evil.example", TOKEN)));
    assertEquals(
        403, refused(() -> g.check(true, "/api/v1/annotations", "127.0.0.1:8080", "null", TOKEN)));
  }

  @Test
  void boundOffLoopbackEveryReadButTheStaticFilesNeedsTheToken() throws Exception {
    AccessGuard g = guard("192.0.2.10");
    assertEquals(401, refused(() -> g.check(false, "/", "192.0.2.10:8080", null, null)));
    assertEquals(
        401, refused(() -> g.check(false, "/api/v1/runs", "192.0.2.10:8080", null, "Bearer no")));
    g.check(false, "/api/v1/runs", "192.0.2.10:8080", null, TOKEN);
    g.check(false, "/static/dashboard.js", "192.0.2.10:8080", null, null);
    assertEquals(403, refused(() -> g.check(false, "/", "localhost:8080", null, TOKEN)));
    assertEquals(403, refused(() -> g.check(false, "/", "192.0.2.10:9090", null, TOKEN)));
  }

  @Test
  void aHostNamingAnotherSiteIsRefusedBeforeAnything() throws Exception {
    AccessGuard g = guard("127.0.0.1");
    assertEquals(403, refused(() -> g.check(false, "/", "evil.example:8080", null, TOKEN)));
    assertEquals(403, refused(() -> g.check(false, "/", null, null, TOKEN)));
  }
}
