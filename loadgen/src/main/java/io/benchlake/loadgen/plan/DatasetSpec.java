package io.benchlake.loadgen.plan;

import java.util.Map;

/**
 * One dataset of a plan: a label (default "Mariadb " and the server's version) and the server under
 * test, either an embedded MariaDB version with extra [mysqld] settings, or a JDBC URL with a user
 * and the name of the environment variable holding the password.
 */
public record DatasetSpec(
    String label,
    String embedded,
    Map<String, String> cnf,
    String jdbcUrl,
    String user,
    String passwordEnv) {

  public DatasetSpec {
    cnf = cnf == null ? Map.of() : Map.copyOf(cnf);
    if ((embedded == null) == (jdbcUrl == null)) {
      throw new IllegalArgumentException("a dataset needs exactly one of embedded or jdbc-url");
    }
    if (jdbcUrl != null
        && !jdbcUrl.startsWith("jdbc:mariadb:")
        && !jdbcUrl.startsWith("jdbc:mysql:")) {
      throw new IllegalArgumentException(
          "jdbc-url must start with jdbc:mariadb: or jdbc:mysql:, was '" + jdbcUrl + "'");
    }
    if (jdbcUrl != null && !cnf.isEmpty()) {
      throw new IllegalArgumentException("cnf applies to embedded servers only");
    }
  }

  public static DatasetSpec embedded(String version) {
    return new DatasetSpec(null, version, Map.of(), null, null, null);
  }
}
