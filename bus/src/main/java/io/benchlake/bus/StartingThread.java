package io.benchlake.bus;

/**
 * The thread that runs a broker's start, while it does, and whether the broker's fatal-fault
 * handler interrupted it. A fatal fault during the start (a segment Kafka cannot load) stops the
 * broker, but Kafka's start would go on waiting for a controller that has gone: the handler
 * interrupts the start to end that wait. That interrupt is the broker's own and is cleared when the
 * start ends; an interrupt from anyone else (a shutdown) is the caller's and stays set. Its own
 * lock: the broker's close holds the broker's while Kafka's shutdown waits for the start.
 */
final class StartingThread {
  private Thread thread;
  private boolean interruptSent; // the thread's interrupt flag, if set, is the handler's

  /** The start begins on {@code starting}. */
  synchronized void begin(Thread starting) {
    thread = starting;
    interruptSent = false;
  }

  /** Interrupts the start, if one is under way, to end Kafka's waits in it. */
  synchronized void interrupt() {
    if (thread == null) {
      return;
    }
    // A thread interrupted already was interrupted by someone else (or by this, before the wait
    // that took it): the flag it has is theirs and stays. What cannot be told apart: an interrupt
    // from someone else between this check and the start's end (the rest of a start that is
    // failing anyway), which end() clears with this one.
    if (!thread.isInterrupted()) {
      interruptSent = true;
    }
    thread.interrupt();
  }

  /** Called on the starting thread: the start is over, the interrupt sent is cleared, no other. */
  synchronized void end() {
    thread = null;
    if (interruptSent) {
      interruptSent = false;
      Thread.interrupted();
    }
  }
}
