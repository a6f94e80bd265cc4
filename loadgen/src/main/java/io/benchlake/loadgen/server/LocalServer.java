package io.benchlake.loadgen.server;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A server benchlake started on this machine: on 127.0.0.1 at {@code port}, with the benchmark
 * user's {@code password}, the cnf it wrote into {@code serverDir/run.cnf}, from {@code
 * installDir}.
 */
abstract class LocalServer implements ServerUnderTest {
  protected final int port;
  protected final String password;
  protected final String cnf;
  protected final Path serverDir;
  protected final Path installDir;

  LocalServer(int port, String password, String cnf, Path serverDir, Path installDir) {
    this.port = port;
    this.password = password;
    this.cnf = cnf;
    this.serverDir = serverDir;
    this.installDir = installDir;
  }

  public int port() {
    return port;
  }

  @Override
  public String jdbcUrl() {
    return "jdbc:mariadb://127.0.0.1:" + port + "/" + BenchmarkUser.DATABASE;
  }

  @Override
  public String user() {
    return BenchmarkUser.USER;
  }

  @Override
  public String password() {
    return password;
  }

  @Override
  public Optional<Path> installDir() {
    return Optional.of(installDir);
  }

  @Override
  public Optional<String> configContents() {
    return Optional.of(cnf);
  }

  @Override
  public Optional<Path> configFile() {
    return Optional.of(serverDir.resolve("run.cnf"));
  }
}
