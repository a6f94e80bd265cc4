package io.benchlake.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerSpecTest {

  @Test
  void aUrlOfAnotherDatabaseIsNamedWithoutItsPassword() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new ServerSpec.Jdbc(
                    "jdbc:postgresql://db:5432/x?user=u&password=hunter2", "u", null, "PW"));
    assertTrue(e.getMessage().startsWith("jdbc-url must start with jdbc:mariadb:"), e.getMessage());
    assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
  }

  @Test
  void settingsKeepTheirOrderSoThePlansTextIsTheSameInEveryRun() {
    Map<String, String> given = new java.util.LinkedHashMap<>();
    for (String name : List.of("max_connections", "innodb_log_file_size", "a", "z", "m")) {
      given.put(name, "1");
    }
    ServerSpec.Embedded embedded = new ServerSpec.Embedded("11.4.5", given);
    assertEquals(List.copyOf(given.keySet()), List.copyOf(embedded.cnf().keySet()));
    assertThrows(UnsupportedOperationException.class, () -> embedded.cnf().put("b", "2"));
  }

  @Test
  void theHeaderNamesTheServerWithoutItsPassword() {
    assertEquals(
        "embedded MariaDB 10.6.21", new ServerSpec.Embedded("10.6.21", Map.of()).describe());
    assertEquals(
        "MariaDB of /opt/mariadb",
        new ServerSpec.InstallDir(Path.of("/opt/mariadb"), Optional.empty(), Map.of()).describe());
    ServerSpec.Jdbc jdbc =
        new ServerSpec.Jdbc("jdbc:mariadb://db/x?password=hunter2", "u", "hunter2", null);
    assertFalse(jdbc.describe().contains("hunter2"), jdbc.describe());
    assertFalse(jdbc.toString().contains("hunter2"), jdbc.toString());
  }

  @Test
  void aPasswordVariableThatIsNotSetFailsTheCheckNamingIt() {
    String unset = "BENCHLAKE_TEST_UNSET_" + System.nanoTime();
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> new ServerSpec.Jdbc("jdbc:mariadb://db/x", "u", null, unset).check());
    assertEquals(
        "the password variable " + unset + " of jdbc:mariadb://db/x is not set", e.getMessage());
    new ServerSpec.Jdbc("jdbc:mariadb://db/x", "u", "given", null).check();
  }
}
