package io.benchlake.loadgen.plan;

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
                    "PW",
                    null,
                    null));
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
            "BENCHLAKE_TEST_NEVER_SET_7f3a",
            null,
            null);
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> PlanRunner.check(new BenchmarkPlan(List.of(d), null, false, true, false)));
    assertTrue(e.getMessage().contains("BENCHLAKE_TEST_NEVER_SET_7f3a"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }
}
