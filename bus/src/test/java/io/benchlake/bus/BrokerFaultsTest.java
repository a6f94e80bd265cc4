package io.benchlake.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Field;
import org.apache.kafka.common.utils.internals.Exit;
import org.junit.jupiter.api.Test;

/**
 * Kafka's exit and halt are benchlake's only while an embedded broker starts or runs: once the last
 * one has stopped they end the process again as Kafka's own do. Without a broker, so nothing here
 * ends the JVM: the procedures in place are read from Kafka's fields rather than called.
 */
class BrokerFaultsTest {
  private static Object procedure(String field) throws Exception {
    Field f = Exit.class.getDeclaredField(field);
    f.setAccessible(true);
    return f.get(null);
  }

  @Test
  void kafkasExitAndHaltAreTakenWhileABrokerIsHeldAndGivenBackAfterTheLast() throws Exception {
    BrokerFaults.hold(); // one broker starting
    BrokerFaults.hold(); // and a second
    assertNotSame(BrokerFaults.KAFKAS_EXIT, procedure("exitProcedure"));
    assertNotSame(BrokerFaults.KAFKAS_HALT, procedure("haltProcedure"));
    // with no broker running, a fatal fault stops none and ends only the thread that asked
    assertThrows(BrokerFaults.BrokerStopped.class, () -> Exit.exit(1, "test fault"));

    BrokerFaults.release();
    assertThrows(
        BrokerFaults.BrokerStopped.class,
        () -> Exit.halt(1, "test fault"),
        "one broker still runs: its JVM must not end");

    BrokerFaults.release();
    assertSame(
        BrokerFaults.KAFKAS_EXIT, procedure("exitProcedure"), "Kafka's exit once the last stopped");
    assertSame(BrokerFaults.KAFKAS_HALT, procedure("haltProcedure"));
  }

  @Test
  void releasingWhatWasNotHeldIsABug() {
    IllegalStateException e = assertThrows(IllegalStateException.class, BrokerFaults::release);
    assertEquals("Kafka's exit and halt released more often than taken", e.getMessage());
  }
}
