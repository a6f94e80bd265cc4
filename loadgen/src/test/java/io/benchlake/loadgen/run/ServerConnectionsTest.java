package io.benchlake.loadgen.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class ServerConnectionsTest {
  private static Properties options() {
    Properties options = new Properties();
    options.setProperty("useServerPrepStmts", "true");
    options.setProperty("connectTimeout", "0");
    return options;
  }

  @Test
  void optionsAreAddedToAUrlWithoutAQuery() {
    assertEquals(
        "jdbc:mariadb://db:3306/sbtest?connectTimeout=0&useServerPrepStmts=true",
        ServerConnections.withDefaults("jdbc:mariadb://db:3306/sbtest", options()));
  }

  @Test
  void anOptionTheUrlSetsIsTheUsersChoice() {
    assertEquals(
        "jdbc:mariadb://db/sbtest?ConnectTimeout=5000&useSsl=true&useServerPrepStmts=true",
        ServerConnections.withDefaults(
            "jdbc:mariadb://db/sbtest?ConnectTimeout=5000&useSsl=true", options()));
    assertEquals(
        "jdbc:mariadb://db/sbtest?useSsl=true&useServerPrepStmts=false&connectTimeout=0",
        ServerConnections.withDefaults(
            "jdbc:mariadb://db/sbtest?useSsl=true&useServerPrepStmts=false", options()));
  }
}
