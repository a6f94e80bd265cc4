package io.benchlake.loadgen.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** The [mysqld] settings a server is started with, rendered as the cnf benchlake records. */
public record ServerConfig(Map<String, String> settings) {

  public ServerConfig {
    settings = new LinkedHashMap<>(settings);
  }

  /**
   * The embedded defaults with {@code settings} laid over them (a dataset's cnf, {@code benchlake
   * server --setting}); whatever they say, the server listens on 127.0.0.1 only.
   */
  public static ServerConfig embedded(Map<String, String> settings) {
    Map<String, String> s = new LinkedHashMap<>(embeddedDefaults().settings());
    settings.forEach(
        (name, value) -> {
          if (!name.matches("[A-Za-z0-9_.-]+") || (value != null && value.contains("\n"))) {
            throw new IllegalArgumentException(
                "'" + name + "=" + value + "' is not a server setting (NAME=VALUE on one line)");
          }
          s.put(name, value);
        });
    s.put("bind-address", "127.0.0.1");
    return new ServerConfig(s);
  }

  /** Small-machine defaults for the embedded servers: a benchmark, not a production box. */
  public static ServerConfig embeddedDefaults() {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("bind-address", "127.0.0.1");
    s.put("max_connections", "500");
    s.put("innodb_buffer_pool_size", "256M");
    s.put("innodb_log_file_size", "128M");
    s.put("innodb_flush_log_at_trx_commit", "1");
    s.put("performance_schema", "OFF");
    s.put("skip-name-resolve", null);
    s.put("character_set_server", "utf8mb4");
    return new ServerConfig(s);
  }

  public String toCnf() {
    return "[mysqld]\n"
        + settings.entrySet().stream()
            .map(e -> e.getValue() == null ? e.getKey() : e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("\n"))
        + "\n";
  }

  /** The same settings as mariadbd command-line options. */
  public java.util.List<String> toArgs() {
    return settings.entrySet().stream()
        .map(e -> "--" + e.getKey() + (e.getValue() == null ? "" : "=" + e.getValue()))
        .toList();
  }
}
