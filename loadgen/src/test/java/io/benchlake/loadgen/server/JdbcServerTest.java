package io.benchlake.loadgen.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import org.junit.jupiter.api.Test;

class JdbcServerTest {
  @Test
  void theUrlsOwnUserAndPasswordAreTheOnesSignedInWith() {
    JdbcServer s =
        JdbcServer.of("jdbc:mariadb://db:3306/sbtest?user=bench&password=s3cret", null, "");
    assertEquals("bench", s.user());
    assertEquals("s3cret", s.password());
    assertFalse(s.toString().contains("s3cret"), s.toString());
  }

  @Test
  void userInfoBeforeTheHostIsReadAndLeftOutOfTheDriversUrl() {
    JdbcServer s = JdbcServer.of("jdbc:mariadb://bench:s3cret@db:3306/sbtest", null, null);
    assertEquals("bench", s.user());
    assertEquals("s3cret", s.password());
    assertEquals("jdbc:mariadb://db:3306/sbtest", s.jdbcUrl());
  }

  @Test
  void withoutThemTheOptionsOrRootWithoutAPasswordAreUsed() {
    JdbcServer s = JdbcServer.of("jdbc:mariadb://db/sbtest", null, "");
    assertEquals("root", s.user());
    assertEquals("", s.password());
    JdbcServer given = JdbcServer.of("jdbc:mariadb://db/sbtest", "sbtest", "pw");
    assertEquals("sbtest", given.user());
    assertEquals("pw", given.password());
    assertEquals("bench", JdbcServer.of("jdbc:mariadb://db/x?user=bench", "bench", "pw").user());
  }

  @Test
  void twoUsersOrTwoPasswordsAreRefusedWithoutPrintingEither() {
    BadInputException users =
        assertThrows(
            BadInputException.class,
            () -> JdbcServer.of("jdbc:mariadb://db/x?user=bench&password=s3cret", "root", ""));
    assertTrue(users.getMessage().contains("give the user once"), users.getMessage());
    BadInputException passwords =
        assertThrows(
            BadInputException.class,
            () -> JdbcServer.of("jdbc:mariadb://db/x?password=s3cret", null, "pw2x"));
    assertTrue(passwords.getMessage().contains("give the password once"));
    assertFalse(
        passwords.getMessage().contains("s3cret") || passwords.getMessage().contains("pw2x"));
  }
}
