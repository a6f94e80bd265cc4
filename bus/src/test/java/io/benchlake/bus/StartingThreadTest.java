package io.benchlake.bus;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A broker's start clears the interrupt its fault handler sent, and only that one. */
class StartingThreadTest {
  private final StartingThread start = new StartingThread();

  @AfterEach
  void clearTheFlag() {
    Thread.interrupted(); // whatever a test left, the next one starts without it
  }

  @Test
  void theInterruptThatEndsAStartsWaitIsNotLeftToTheCaller() throws Exception {
    start.begin(Thread.currentThread());
    // the fault handler runs on one of Kafka's threads while the start waits
    Thread handler = new Thread(start::interrupt, "fault handler");
    handler.start();
    assertThrows(InterruptedException.class, () -> new CountDownLatch(1).await());
    handler.join();
    start.end();
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void anInterruptSentWhileTheStartDidNotWaitIsClearedToo() {
    start.begin(Thread.currentThread());
    start.interrupt();
    assertTrue(Thread.currentThread().isInterrupted());
    start.end();
    assertFalse(Thread.currentThread().isInterrupted());
  }

  @Test
  void anInterruptFromSomeoneElseBeforeTheFaultStaysSet() {
    start.begin(Thread.currentThread());
    Thread.currentThread().interrupt(); // a shutdown, say
    start.interrupt();
    start.end();
    assertTrue(Thread.currentThread().isInterrupted());
  }

  @Test
  void anInterruptFromSomeoneElseStaysSetWhenNoFaultCame() {
    start.begin(Thread.currentThread());
    Thread.currentThread().interrupt();
    start.end();
    assertTrue(Thread.currentThread().isInterrupted());
  }

  @Test
  void aFaultAfterTheStartInterruptsNothing() {
    start.begin(Thread.currentThread());
    start.end();
    start.interrupt();
    assertFalse(Thread.currentThread().isInterrupted());
  }
}
