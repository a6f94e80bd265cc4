package io.benchlake.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.testing.ChildJvm;
import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A fatal fault of the embedded broker (its log directory fails: Kafka calls {@code Exit.halt(1)})
 * stops the broker and is told, and never ends the JVM that hosts it. The broker runs in a JVM of
 * its own here, so that without the fix it is that JVM which dies, not the test's.
 */
@Timeout(180)
class BrokerFaultIT {

  @Test
  void aFailedLogDirectoryStopsTheBrokerNotTheProcessAndNamesTheDirectory() throws Exception {
    Path dir = TestDirs.fresh("broker-fault");
    ChildJvm child = ChildJvm.start(FaultyBroker.class, dir.toString());
    try {
      String fault = child.await("fault ");
      assertTrue(fault.contains(dir.resolve("data").toString()), fault);
      assertTrue(fault.contains("stopped on a fatal fault"), fault);
      assertEquals("survived, broker stopped", child.await("survived"));
      assertTrue(child.process().waitFor(60, TimeUnit.SECONDS), "the child ended");
      assertEquals(0, child.process().exitValue(), "the child's own exit, not Kafka's halt");
    } finally {
      child.kill();
    }
  }

  /**
   * Hosts a broker, takes its log directory away (renamed: every file the broker writes anew there
   * fails), waits to hear of the fault, and says whether it is still alive.
   */
  public static final class FaultyBroker {
    public static void main(String[] args) throws Exception {
      Path kafkaDir = Path.of(args[0]);
      EmbeddedBroker broker = EmbeddedBroker.start(kafkaDir);
      String bootstrap = broker.bootstrap();
      try (EventPublisher publisher = new EventPublisher(bootstrap)) {
        publisher.publish(
            new io.benchlake.schemas.RunFinished(
                null,
                "e1",
                "run-e1",
                java.time.Instant.now(),
                java.time.Instant.now(),
                io.benchlake.schemas.RunFinished.Status.completed,
                null));
      }
      Files.move(broker.logDir(), broker.logDir().resolveSibling("data.gone"));
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
      Optional<String> fault = BrokerFaults.describe(bootstrap);
      while (fault.isEmpty() && System.nanoTime() < deadline) {
        Thread.sleep(100);
        fault = BrokerFaults.describe(bootstrap);
      }
      System.out.println("fault " + fault.orElse("none within 90 s"));
      while (BrokerEndpoint.answers(bootstrap) && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      System.out.println(
          "survived, broker "
              + (BrokerEndpoint.answers(bootstrap) ? "still listening" : "stopped"));
      System.out.flush();
      broker.close();
      System.exit(0); // Kafka's threads of a broker that failed may linger
    }
  }
}
