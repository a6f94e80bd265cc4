package io.benchlake.loadgen.env;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class RedactionTest {
  @Test
  void aDriversMessageQuotingTheUrlOrItsPartsKeepsNoPassword() {
    assertEquals(
        "url parsing error : '//' is not present in the url jdbc:mariadb:/h?password=***&x=1",
        Redaction.message(
            "url parsing error : '//' is not present in the url jdbc:mariadb:/h?password=hunter2&x=1",
            "jdbc:mariadb:/h?password=hunter2",
            "other"));
    assertEquals(
        "Incorrect port value : ***@127.0.0.1",
        Redaction.message(
            "Incorrect port value : hunter2@127.0.0.1",
            "jdbc:mariadb://bob:hunter2@127.0.0.1:1/sbtest",
            (String) null));
    assertEquals(
        "Access denied for user 'u' (using password: YES), tried ***",
        Redaction.message(
            "Access denied for user 'u' (using password: YES), tried s3cret",
            "jdbc:mariadb://h/db",
            "s3cret"));
  }

  @Test
  void aCommandLinesPasswordsAreMaskedInAMessageAboutIt() {
    String[] args = {
      "run",
      "--mysql-password=hunter2",
      "--db-password",
      "s3cret",
      "--password-env",
      "BENCH_DB_PASSWORD",
      "--jdbc-url",
      "jdbc:mariadb://bob:pw1@h/db?password=pw2"
    };
    assertEquals(
        "Unknown options: '--mysql-password=***', '--db-password', '***'; jdbc:mariadb://bob:***@h/db?password=*** (*** ***) BENCH_DB_PASSWORD",
        Redaction.commandLine(
            "Unknown options: '--mysql-password=hunter2', '--db-password', 's3cret';"
                + " jdbc:mariadb://bob:pw1@h/db?password=pw2 (pw1 pw2) BENCH_DB_PASSWORD",
            args));
  }
}
