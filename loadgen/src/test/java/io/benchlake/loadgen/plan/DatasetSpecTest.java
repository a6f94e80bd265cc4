package io.benchlake.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class DatasetSpecTest {
  @Test
  void aUrlOfAnotherDatabaseIsNamedWithoutItsPassword() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new DatasetSpec(
                    null,
                    null,
                    null,
                    "jdbc:postgresql://db:5432/x?user=u&password=hunter2",
                    "u",
                    "PW"));
    assertTrue(e.getMessage().startsWith("jdbc-url must start with jdbc:mariadb:"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void aPasswordVariableThatIsNotSetIsNamedWithoutTheUrlsPassword() {
    DatasetSpec d =
        new DatasetSpec(
            null,
            null,
            null,
            "jdbc:mariadb://db/sbtest?password=hunter2",
            "u",
            "BENCHLAKE_TEST_NEVER_SET_7f3a");
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> PlanRunner.check(new BenchmarkPlan(List.of(d), null, false, true, false)));
    assertTrue(e.getMessage().contains("BENCHLAKE_TEST_NEVER_SET_7f3a"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void aPasswordGivenOnTheCommandLineIsUsedAndNeverPrinted() {
    DatasetSpec d =
        new DatasetSpec(
            null,
            null,
            null,
            "jdbc:mariadb://h:3306/sbtest",
            "sbtest",
            null,
            null,
            null,
            "hunter2");
    assertEquals("hunter2", ((ServerSpec.Jdbc) d.server()).resolvePassword());
    assertFalse(d.toString().contains("hunter2"), d.toString());
    assertTrue(d.toString().contains("password=***"), d.toString());
    assertEquals(
        "",
        ((ServerSpec.Jdbc)
                new DatasetSpec(null, null, null, "jdbc:mariadb://h/db", "u", null).server())
            .resolvePassword(),
        "no password at all: an empty one, as sysbench's default");
    assertThrows(
        IllegalArgumentException.class,
        () -> new DatasetSpec(null, null, null, "jdbc:mariadb://h/db", "u", "PW", null, null, "x"));
  }

  @Test
  void aPlanFileCannotHoldAPassword() {
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () ->
                PlanFiles.parse(
                    "test: OLTP_RW\ndatasets:\n  - jdbc-url: jdbc:mariadb://h/db\n"
                        + "    password: hunter2\n",
                    "p.yaml"));
    assertTrue(e.getMessage().startsWith("p.yaml:4: unknown key 'password'"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    assertTrue(e.getMessage().contains("password-env"), e.getMessage());
  }
}
