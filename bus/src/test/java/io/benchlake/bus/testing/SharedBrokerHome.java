package io.benchlake.bus.testing;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.testing.TestDirs;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A home and its embedded broker, hosted by the test JVM and shared by the tests of one class (a
 * static {@code @RegisterExtension} field, as flink-training's MiniCluster extension). The tests
 * share the home's event log, so each reads only what it published (its own dataset or run ids), or
 * the class shares one story; a test of the broker's own lifecycle (hand-over, faults, damage)
 * keeps a home of its own. Every benchlake verb run in this JVM or in a child with this home
 * connects to the broker as a client.
 */
public final class SharedBrokerHome implements BeforeAllCallback, AfterAllCallback {
  private final String name;
  private BenchlakeHome home;
  private EventBus bus;

  /** A home named {@code name} under the build's test home, made before the class's first test. */
  public SharedBrokerHome(String name) {
    this.name = name;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    home = new BenchlakeHome(TestDirs.fresh(name));
    bus = EventBus.connect(home, Optional.empty());
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (bus != null) {
      bus.close();
    }
  }

  /** The shared home. */
  public BenchlakeHome home() {
    return started(home);
  }

  /** The shared home's directory. */
  public Path root() {
    return home().root();
  }

  /** The broker's bootstrap address. */
  public String bootstrap() {
    return started(bus).bootstrap();
  }

  private static <T> T started(T value) {
    if (value == null) {
      throw new IllegalStateException(
          "the shared broker starts before the class's tests: register it on a static field");
    }
    return value;
  }
}
