package io.benchlake.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServerSpecTest {

  @Test
  void eachKindOfDatasetIsItsOwnServerSpec() {
    assertEquals(
        new ServerSpec.Embedded("11.4.5", Map.of("max_connections", "300")),
        new DatasetSpec(null, "11.4.5", Map.of("max_connections", "300"), null, null, null)
            .server());
    assertEquals(
        new ServerSpec.InstallDir(
            Path.of("/opt/mariadb"), Optional.of(Path.of("my.cnf")), Map.of()),
        new DatasetSpec(null, null, null, null, null, null, "/opt/mariadb", "my.cnf", null)
            .server());
    assertEquals(
        new ServerSpec.InstallDir(Path.of("/opt/mariadb"), Optional.empty(), Map.of()),
        new DatasetSpec(null, null, null, null, null, null, "/opt/mariadb", null, null).server());
    assertEquals(
        new ServerSpec.Jdbc("jdbc:mariadb://db:3306/x", "u", null, "PW"),
        new DatasetSpec(null, null, null, "jdbc:mariadb://db:3306/x", "u", "PW").server());
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
