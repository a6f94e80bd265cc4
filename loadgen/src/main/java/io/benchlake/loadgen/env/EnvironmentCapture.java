package io.benchlake.loadgen.env;

import io.benchlake.loadgen.server.ServerUnderTest;
import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.HostFacts;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Reads what an environment snapshot carries from the host and the server, secrets redacted. */
public final class EnvironmentCapture {
  private final HostProbe host;

  public EnvironmentCapture(HostProbe host) {
    this.host = host;
  }

  public HostFacts host(ServerUnderTest server) {
    return host.facts(server.installDir().map(Path::getParent));
  }

  public DatabaseFacts database(ServerUnderTest server, Connection connection) throws SQLException {
    Map<String, String> variables = new TreeMap<>();
    try (Statement st = connection.createStatement();
        ResultSet rs = st.executeQuery("SHOW GLOBAL VARIABLES")) {
      while (rs.next()) {
        variables.put(rs.getString(1), rs.getString(2));
      }
    }
    String version = variables.getOrDefault("version", "unknown");
    String engine =
        variables.getOrDefault("default_storage_engine", "InnoDB").toLowerCase(Locale.ROOT);
    String maker = version.toLowerCase(Locale.ROOT).contains("mariadb") ? "mariadb" : "mysql";
    return new DatabaseFacts(
        maker,
        version,
        engine,
        server.installDir().map(Path::toString).orElse(variables.get("basedir")),
        server.origin(),
        server.configFile().map(Path::toString).orElse(null),
        server.configFile().map(Path::toString).orElse(null),
        server.configContents().map(Redaction::cnf).orElse(null),
        Redaction.variables(variables));
  }
}
