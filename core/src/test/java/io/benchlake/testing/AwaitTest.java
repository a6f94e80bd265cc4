package io.benchlake.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AwaitTest {
  @Test
  void returnsTheFirstValueThatIsAcceptedAskingAgainUntilThen() throws Exception {
    AtomicInteger asked = new AtomicInteger();
    int seen = Await.until(asked::incrementAndGet, n -> n >= 3, Duration.ofSeconds(30), "three");
    assertEquals(3, seen);
    assertEquals(3, asked.get(), "asked no more once accepted");
  }

  @Test
  void failsNamingWhatItWaitedForAndTheLastValueSeen() {
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () -> Await.until(() -> 7, n -> n > 7, Duration.ofMillis(50), "more than 7 rows"));
    assertEquals("waited 50 ms for more than 7 rows; last seen: 7", e.getMessage());
    AssertionError never =
        assertThrows(
            AssertionError.class,
            () -> Await.until(() -> false, Duration.ofSeconds(0), "the broker to stop"));
    assertEquals("waited 0 s for the broker to stop", never.getMessage());
  }

  @Test
  void anExceptionOfTheProbeEndsTheWait() {
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                Await.until(
                    () -> {
                      throw new IOException("no such file");
                    },
                    Duration.ofSeconds(30),
                    "a file"));
    assertTrue(e.getMessage().contains("no such file"));
  }
}
