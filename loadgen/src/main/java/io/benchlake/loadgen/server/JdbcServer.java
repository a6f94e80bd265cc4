package io.benchlake.loadgen.server;

import io.benchlake.home.BadInputException;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Any MariaDB server reachable by a JDBC URL: benchlake neither starts nor stops it, and knows its
 * cnf only from the server's own variables.
 */
public record JdbcServer(String jdbcUrl, String user, String password) implements ServerUnderTest {
  private static final Pattern USER_INFO = Pattern.compile("^(jdbc:[a-z]+://)([^/@?]+)@");
  private static final String DEFAULT_USER = "root";

  /**
   * The server at {@code url}, signed in to as the user and password the URL names ({@code
   * ?user=...&password=...}, or {@code user:password@} before the host) where it names them, else
   * as {@code user} (null: root) with {@code password} (empty: none). A URL and options that name
   * two different users, or a password twice, are refused; the password is never printed.
   */
  public static JdbcServer of(String url, String user, String password) {
    Map<String, String> named = new HashMap<>();
    String plain = url;
    Matcher info = USER_INFO.matcher(url);
    if (info.find()) {
      String[] userPassword = info.group(2).split(":", 2);
      named.put("user", userPassword[0]);
      if (userPassword.length == 2) {
        named.put("password", userPassword[1]);
      }
      plain = info.group(1) + url.substring(info.end()); // the driver reads them from options
    }
    int query = url.indexOf('?');
    if (query >= 0) {
      for (String pair : url.substring(query + 1).split("[&;]")) {
        String[] kv = pair.split("=", 2);
        String key = kv[0].toLowerCase(Locale.ROOT);
        if (kv.length == 2 && (key.equals("user") || key.equals("password"))) {
          named.put(key, kv[1]);
        }
      }
    }
    String urlUser = named.get("user");
    if (urlUser != null && user != null && !user.equals(urlUser)) {
      throw new BadInputException(
          "--jdbc-url names the user " + urlUser + " and --user " + user + ": give the user once");
    }
    String urlPassword = named.get("password");
    boolean given = password != null && !password.isEmpty();
    if (urlPassword != null && given && !password.equals(urlPassword)) {
      throw new BadInputException(
          "--jdbc-url holds a password and another is given (--mysql-password or --password-env):"
              + " give the password once");
    }
    return new JdbcServer(
        plain,
        urlUser != null ? urlUser : user != null ? user : DEFAULT_USER,
        urlPassword != null ? urlPassword : password == null ? "" : password);
  }

  @Override
  public String origin() {
    return "jdbc";
  }

  @Override
  public Optional<Path> installDir() {
    return Optional.empty();
  }

  @Override
  public Optional<String> configContents() {
    return Optional.empty();
  }

  @Override
  public Optional<Path> configFile() {
    return Optional.empty();
  }

  @Override
  public Optional<Long> pid() {
    return Optional.empty();
  }

  @Override
  public void close() {
    // not ours to stop
  }

  /**
   * The process of the server behind {@code c} when it runs on this machine: the server's host name
   * is this machine's, its {@code pid_file} is here and names a running mariadbd or mysqld. Empty
   * for a server elsewhere, or one whose pid file this user cannot read.
   */
  public static Optional<Long> processOnThisMachine(Connection c) throws SQLException {
    String hostname;
    Path pidFile;
    try (Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT @@hostname, @@pid_file, @@datadir")) {
      rs.next();
      hostname = rs.getString(1);
      pidFile = rs.getString(2) == null ? null : Path.of(rs.getString(3)).resolve(rs.getString(2));
    }
    try {
      if (pidFile == null
          || !InetAddress.getLocalHost().getHostName().equalsIgnoreCase(hostname)
          || !Files.isReadable(pidFile)) {
        return Optional.empty();
      }
      long pid = Long.parseLong(Files.readString(pidFile).trim());
      return ProcessHandle.of(pid)
          .filter(
              p ->
                  p.info()
                      .command()
                      .map(Path::of)
                      .map(command -> command.getFileName().toString())
                      .filter(name -> name.equals("mariadbd") || name.equals("mysqld"))
                      .isPresent())
          .map(ProcessHandle::pid);
    } catch (IOException | NumberFormatException e) {
      return Optional.empty(); // not a pid file this machine can use
    }
  }

  @Override
  public String toString() {
    return "JdbcServer[" + io.benchlake.loadgen.env.Redaction.url(jdbcUrl) + " as " + user + "]";
  }
}
