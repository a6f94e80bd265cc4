package io.benchlake.loadgen.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.benchlake.loadgen.env.Redaction;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * One dataset of a plan: a label (default "Mariadb " and the server's version) and the server under
 * test: an embedded MariaDB version, or an installation directory benchlake starts itself with a
 * cnf template ({@code cnf-template}, optional), both with extra [mysqld] settings ({@code cnf}),
 * or a JDBC URL with a user and the name of the environment variable holding the password. {@code
 * password} is a password given on the command line (sysbench's --mysql-password): a plan file
 * cannot set it, and it is masked wherever the dataset is printed.
 */
public record DatasetSpec(
    String label,
    String embedded,
    Map<String, String> cnf,
    String jdbcUrl,
    String user,
    String passwordEnv,
    String installDir,
    String cnfTemplate,
    @JsonIgnore String password) {

  public DatasetSpec {
    cnf = cnf == null ? Map.of() : Map.copyOf(cnf);
    int servers =
        (embedded == null ? 0 : 1) + (jdbcUrl == null ? 0 : 1) + (installDir == null ? 0 : 1);
    if (servers != 1) {
      throw new IllegalArgumentException(
          "a dataset needs exactly one of embedded, install-dir or jdbc-url");
    }
    if (jdbcUrl != null
        && !jdbcUrl.startsWith("jdbc:mariadb:")
        && !jdbcUrl.startsWith("jdbc:mysql:")) {
      throw new IllegalArgumentException(
          "jdbc-url must start with jdbc:mariadb: or jdbc:mysql:, was '"
              + Redaction.url(jdbcUrl)
              + "'");
    }
    if (jdbcUrl != null && !cnf.isEmpty()) {
      throw new IllegalArgumentException("cnf applies to the servers benchlake starts only");
    }
    if (cnfTemplate != null && installDir == null) {
      throw new IllegalArgumentException("cnf-template goes with install-dir");
    }
    if (passwordEnv != null && password != null) {
      throw new IllegalArgumentException(
          "a password comes from password-env or is given, not both");
    }
  }

  /** The server under test as its kind; the constructor has checked that there is exactly one. */
  public ServerSpec server() {
    if (embedded != null) {
      return new ServerSpec.Embedded(embedded, cnf);
    }
    if (installDir != null) {
      return new ServerSpec.InstallDir(
          Path.of(installDir), Optional.ofNullable(cnfTemplate).map(Path::of), cnf);
    }
    return new ServerSpec.Jdbc(jdbcUrl, user, password, passwordEnv);
  }

  @Override
  public String toString() {
    return "DatasetSpec[label="
        + label
        + ", server="
        + (embedded != null ? embedded : installDir != null ? installDir : Redaction.url(jdbcUrl))
        + ", user="
        + user
        + (password != null ? ", password=" + Redaction.MASK : "")
        + (passwordEnv != null ? ", password-env=" + passwordEnv : "")
        + "]";
  }

  /** A dataset of one of the three kinds of server, without a template. */
  public DatasetSpec(
      String label,
      String embedded,
      Map<String, String> cnf,
      String jdbcUrl,
      String user,
      String passwordEnv) {
    this(label, embedded, cnf, jdbcUrl, user, passwordEnv, null, null, null);
  }

  public static DatasetSpec embedded(String version) {
    return new DatasetSpec(null, version, Map.of(), null, null, null);
  }
}
