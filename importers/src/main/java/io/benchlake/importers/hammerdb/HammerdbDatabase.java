package io.benchlake.importers.hammerdb;

import java.util.Locale;

/**
 * The database a HammerDB run drove, from the label of its result line: its name in a dataset
 * label, its maker and storage engine (InnoDB only for MariaDB and MySQL).
 */
record HammerdbDatabase(String label, String maker, String engine) {
  static HammerdbDatabase of(String resultLabel, String version) {
    String canonical = resultLabel == null ? "mariadb" : HammerdbRuns.canonical(resultLabel);
    return switch (canonical) {
      case "mysql" ->
          // before v4.2 HammerDB drove MariaDB with its MySQL driver: the version tells them apart
          isMariadbVersion(version)
              ? new HammerdbDatabase("MariaDB", "mariadb", "innodb")
              : new HammerdbDatabase("MySQL", "mysql", "innodb");
      case "sqlserver" -> new HammerdbDatabase("SQL Server", "sqlserver", null);
      case "postgresql" -> new HammerdbDatabase("PostgreSQL", "postgresql", null);
      case "oracle" -> new HammerdbDatabase("Oracle", "oracle", null);
      case "db2" -> new HammerdbDatabase("Db2", "db2", null);
      case "mariadb" -> new HammerdbDatabase("MariaDB", "mariadb", "innodb");
      default -> new HammerdbDatabase(resultLabel, canonical, null);
    };
  }

  /** MariaDB's versions start at 10 (or name it); MySQL's are 5.x, 8.x, 9.x. */
  private static boolean isMariadbVersion(String version) {
    if (version == null) {
      return false;
    }
    if (version.toLowerCase(Locale.ROOT).contains("mariadb")) {
      return true;
    }
    String major = version.replaceAll("^(\\d+).*$", "$1");
    return major.matches("\\d+") && Integer.parseInt(major) >= 10;
  }
}
