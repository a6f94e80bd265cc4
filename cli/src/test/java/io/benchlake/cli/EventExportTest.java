package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TestEvents;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** `export events` writes every valid event and leaves out, counted, any damaged record. */
class EventExportTest {
  private static final Instant T = Instant.parse("2026-04-01T10:00:00Z");

  static byte[] sample() {
    Sample s =
        TestEvents.sample()
            .eventId("s1")
            .runId("r1")
            .emittedAt(T)
            .startedAt(T)
            .threads(8)
            .offsetS(10)
            .transactions(10L)
            .tps(100.0)
            .qps(2000.0)
            .latencyAvgMs(5.0)
            .latencyPct(95.0)
            .latencyPctMs(7.0)
            .latencyMaxMs(9.0)
            .build();
    return new EventCodec().encodeToString(s).getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aValidEventIsWrittenAsRead() {
    EventExport export = new EventExport();
    assertTrue(export.line(sample()).orElseThrow().contains("\"tps\":100.0"));
    assertEquals(0, export.leftOut());
  }

  @Test
  void everyCutAndEveryFlippedByteOfARecordIsLeftOutOrStillValidNeverAnException() {
    byte[] good = sample();
    EventExport export = new EventExport();
    int records = 0;
    for (int i = 0; i < good.length; i++) {
      export.line(Arrays.copyOf(good, i));
      records++;
      for (byte b : new byte[] {0, '"', '{', '}', ',', ':', '9', '-', 'e', '.', (byte) 0xff}) {
        byte[] damaged = good.clone();
        damaged[i] = b;
        export.line(damaged);
        records++;
      }
    }
    export.line(null);
    records++;
    assertTrue(export.leftOut() > good.length, "cut records are left out: " + export.leftOut());
    assertTrue(export.leftOut() <= records);
  }
}
