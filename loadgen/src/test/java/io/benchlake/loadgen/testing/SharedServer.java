package io.benchlake.loadgen.testing;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.server.ServerConfig;
import io.benchlake.testing.TestDirs;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An embedded MariaDB in a home of its own, started once and shared by the tests of one class (a
 * static {@code @RegisterExtension} field, as flink-training's MiniCluster extension). Tests that
 * share it make and drop their own tables; a test of the server's start, stop or death keeps a
 * server of its own.
 */
public final class SharedServer implements BeforeAllCallback, AfterAllCallback {
  private final String name;
  private final String version;
  private final String password;
  private BenchlakeHome home;
  private EmbeddedMariaDb server;

  /** {@code version} with the embedded defaults and a random benchmark password. */
  public SharedServer(String name, String version) {
    this(name, version, null);
  }

  /**
   * {@code version} with the embedded defaults and the benchmark user's {@code password} (null: a
   * random one), for tests that connect as sysbench would, with the password on the command line.
   */
  public SharedServer(String name, String version, String password) {
    this.name = name;
    this.version = version;
    this.password = password;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    home = new BenchlakeHome(TestDirs.fresh(name));
    server = EmbeddedMariaDb.start(home, version, ServerConfig.embeddedDefaults(), 0, password);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (server != null) {
      server.close();
    }
  }

  /** The running server. */
  public EmbeddedMariaDb server() {
    if (server == null) {
      throw new IllegalStateException(
          "the shared server starts before the class's tests: register it on a static field");
    }
    return server;
  }

  /** The home the server lives in. */
  public BenchlakeHome home() {
    server();
    return home;
  }
}
