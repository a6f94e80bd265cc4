package io.benchlake.loadgen.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerConfigTest {
  @Test
  void settingsGoOverTheEmbeddedDefaultsButTheServerStaysOnLoopback() {
    ServerConfig c =
        ServerConfig.embedded(
            Map.of("innodb_log_file_size", "1G", "bind-address", "0.0.0.0", "skip-log-bin", ""));
    assertEquals("1G", c.settings().get("innodb_log_file_size"));
    assertEquals("256M", c.settings().get("innodb_buffer_pool_size"), "the rest as before");
    assertEquals("127.0.0.1", c.settings().get("bind-address"));
    assertTrue(c.toCnf().contains("\ninnodb_log_file_size=1G\n"), c.toCnf());
  }

  @Test
  void aSettingThatIsNotOneNameAndValueIsRefused() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ServerConfig.embedded(Map.of("innodb log", "1G")));
    assertEquals(
        "'innodb log=1G' is not a server setting (NAME=VALUE on one line)", e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> ServerConfig.embedded(Map.of("init_file", "x\n[client]")));
  }
}
