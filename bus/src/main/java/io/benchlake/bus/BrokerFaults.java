package io.benchlake.bus;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.kafka.common.utils.internals.Exit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Kafka's broker ends its process on a fatal fault: {@code Exit.halt(1)} when its log directory
 * failed (ReplicaManager, LogManager) or a metadata fault reached the process-terminating fault
 * handler, {@code Exit.exit(1)} when an inter-broker thread met an unexpected error. That is right
 * for a broker process of its own, but the embedded broker shares the JVM of a benchlake command or
 * of a test run, which would end with status 1 and not a word. While this JVM hosts an embedded
 * broker (from its start until the last one has stopped), Kafka's exit and halt come here instead:
 * the fault is logged and recorded with the broker's log directory, the broker is stopped (its
 * clients see it go away, and {@link #describe(String)} tells them why), and the Kafka thread that
 * asked ends by an exception.
 *
 * <p>Kafka 4.4 keeps these hooks in {@code org.apache.kafka.common.utils.internals.Exit} (older
 * releases had them in {@code org.apache.kafka.common.utils.Exit}).
 */
public final class BrokerFaults {
  private static final Logger LOG = LoggerFactory.getLogger(BrokerFaults.class);

  /** The embedded brokers this JVM runs, by bootstrap address. */
  private static final Map<String, EmbeddedBroker> RUNNING = new ConcurrentHashMap<>();

  /** What stopped an embedded broker of this JVM, one line, by bootstrap address. */
  private static final Map<String, String> FAULTS = new ConcurrentHashMap<>();

  /**
   * What Kafka's own exit and halt do. Kafka keeps its defaults private, and its reset methods set
   * procedures that do nothing (for its tests), so giving them back means setting these.
   */
  static final Exit.Procedure KAFKAS_EXIT = (status, message) -> System.exit(status);

  static final Exit.Procedure KAFKAS_HALT = (status, message) -> Runtime.getRuntime().halt(status);

  /** How many embedded brokers of this JVM are starting or running. */
  private static int held;

  private BrokerFaults() {}

  /** The fault that stopped the embedded broker at {@code bootstrap}, if one did. */
  public static Optional<String> describe(String bootstrap) {
    return Optional.ofNullable(FAULTS.get(bootstrap));
  }

  /** Thrown in the Kafka thread that asked to end the process. */
  static final class BrokerStopped extends RuntimeException {
    BrokerStopped(String message) {
      super(message, null, false, false);
    }
  }

  /**
   * Takes Kafka's exit and halt over as an embedded broker starts (Kafka may end the process from
   * its first step on); {@link #release} when it has stopped or did not start.
   */
  static synchronized void hold() {
    if (held++ == 0) {
      Exit.setHaltProcedure((status, message) -> fatal("halt", status, message));
      Exit.setExitProcedure((status, message) -> fatal("exit", status, message));
    }
  }

  /**
   * Gives Kafka its exit and halt back once the last embedded broker of this JVM has stopped, so
   * that Kafka code this JVM runs later without one (a client's, a test's) ends the process as
   * Kafka means it to.
   */
  static synchronized void release() {
    if (held == 0) {
      throw new IllegalStateException("Kafka's exit and halt released more often than taken");
    }
    if (--held == 0) {
      Exit.setHaltProcedure(KAFKAS_HALT);
      Exit.setExitProcedure(KAFKAS_EXIT);
    }
  }

  static void watch(EmbeddedBroker broker) {
    FAULTS.remove(broker.bootstrap());
    RUNNING.put(broker.bootstrap(), broker);
  }

  static void forget(EmbeddedBroker broker) {
    RUNNING.remove(broker.bootstrap(), broker);
  }

  /**
   * Kafka asked to end the process. Its message names the failed log directory when it has one;
   * then only the broker of that directory stops, otherwise every embedded broker of this JVM does
   * (Kafka says no more, and a broker it wanted gone must not go on serving).
   */
  private static void fatal(String how, int status, String message) {
    String reason = message == null ? "Kafka's reason is in the log file" : message;
    var hit =
        RUNNING.values().stream()
            .filter(b -> message != null && message.contains(b.logDir().toString()))
            .toList();
    var stopping = hit.isEmpty() ? RUNNING.values().stream().toList() : hit;
    LOG.error(
        "Kafka asked to {} this process ({}): {}; stopping {}", how, status, reason, stopping);
    for (EmbeddedBroker broker : stopping) {
      FAULTS.put(
          broker.bootstrap(),
          "the embedded Kafka broker (log in "
              + broker.logDir()
              + ") stopped on a fatal fault: "
              + reason.strip().lines().findFirst().orElse(reason));
      RUNNING.remove(broker.bootstrap(), broker);
      broker.interruptStart(); // a fault while it starts: the start must not wait on
      // Not in this thread: Kafka's shutdown waits for the thread that is asking.
      Thread stop = new Thread(broker::close, "embedded broker stop after a fatal fault");
      stop.setDaemon(true);
      stop.start();
    }
    throw new BrokerStopped("the embedded broker stops instead of this process: " + reason);
  }
}
