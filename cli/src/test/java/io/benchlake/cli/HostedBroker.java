package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fresh homes whose embedded broker this test JVM hosts while the test that made one runs (or the
 * class, for one made before its tests): the verbs a test runs in this JVM ({@link CliRunner}) join
 * it as clients, as they join a {@code benchlake broker} a user keeps running, instead of each
 * starting and stopping it. A static {@code @RegisterExtension} field. A test of a verb hosting the
 * broker, or of its hand-over, keeps a home without ({@link CliRunner#useFreshHome}). Verbs run as
 * child processes (bin/benchlake) join it as clients too: this JVM keeps the host's lock however
 * many of its own clients come and go (bus's HostLock).
 */
final class HostedBroker implements BeforeEachCallback, AfterEachCallback, AfterAllCallback {
  private final List<EventBus> forTheTest = new ArrayList<>();
  private final List<EventBus> forTheClass = new ArrayList<>();
  private boolean inTest;

  /** A new home, made the one the verbs use, with its broker started and kept. */
  synchronized Path freshHome(String name) throws Exception {
    Path home = CliRunner.useFreshHome(name);
    EventBus broker = EventBus.connect(new BenchlakeHome(home), Optional.empty());
    (inTest ? forTheTest : forTheClass).add(broker);
    return home;
  }

  @Override
  public synchronized void beforeEach(ExtensionContext context) {
    inTest = true;
  }

  @Override
  public synchronized void afterEach(ExtensionContext context) {
    inTest = false;
    close(forTheTest);
  }

  @Override
  public synchronized void afterAll(ExtensionContext context) {
    close(forTheClass);
  }

  private static void close(List<EventBus> brokers) {
    brokers.forEach(EventBus::close);
    brokers.clear();
  }
}
