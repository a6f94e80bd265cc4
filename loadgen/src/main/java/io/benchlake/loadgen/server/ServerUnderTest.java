package io.benchlake.loadgen.server;

import java.nio.file.Path;
import java.util.Optional;

/** A MariaDB server a benchmark runs against, however it was obtained. */
public interface ServerUnderTest extends AutoCloseable {

  /** A JDBC URL without credentials. */
  String jdbcUrl();

  String user();

  String password();

  /** How the server came to be: {@code embedded}, {@code install-dir} or {@code jdbc}. */
  String origin();

  Optional<Path> installDir();

  /** The cnf the server was started with (not yet redacted), where benchlake knows it. */
  Optional<String> configContents();

  Optional<Path> configFile();

  /** The server's operating-system process id, where it runs on this machine. */
  Optional<Long> pid();

  @Override
  void close();
}
