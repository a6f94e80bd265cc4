package io.benchlake.testing;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A test's wait for something it can observe (a line printed, a count reached, a process gone),
 * asked again until it holds or the timeout passes, and then a failure naming what it waited for
 * and what it saw last (as Kafka's {@code TestUtils.waitForCondition}). Never a sleep and then an
 * assertion.
 */
public final class Await {
  private static final long FIRST_PAUSE_MS = 10;
  private static final long LONGEST_PAUSE_MS = 200;

  private Await() {}

  /** Something observed; it may throw, which ends the wait. */
  @FunctionalInterface
  public interface Probe<T> {
    T value() throws Exception;
  }

  /** A condition; it may throw, which ends the wait. */
  @FunctionalInterface
  public interface Condition {
    boolean holds() throws Exception;
  }

  /** Returns once {@code condition} holds; fails naming {@code what} after {@code timeout}. */
  public static void until(Condition condition, Duration timeout, String what) throws Exception {
    until(condition::holds, held -> held, timeout, what);
  }

  /**
   * The first value of {@code probe} that {@code accepted} takes; fails naming {@code what} and the
   * last value seen after {@code timeout}.
   */
  public static <T> T until(
      Probe<T> probe, Predicate<? super T> accepted, Duration timeout, String what)
      throws Exception {
    Objects.requireNonNull(what);
    long deadline = System.nanoTime() + timeout.toNanos();
    long pause = FIRST_PAUSE_MS;
    while (true) {
      T value = probe.value();
      if (accepted.test(value)) {
        return value;
      }
      if (System.nanoTime() - deadline >= 0) {
        throw new AssertionError(
            "waited "
                + seconds(timeout)
                + " for "
                + what
                + (value instanceof Boolean ? "" : "; last seen: " + value));
      }
      Thread.sleep(pause);
      pause = Math.min(LONGEST_PAUSE_MS, pause * 2);
    }
  }

  private static String seconds(Duration timeout) {
    return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
  }
}
