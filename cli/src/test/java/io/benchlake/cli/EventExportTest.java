package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TestEvents;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** `export events` writes every valid event and leaves out, counted, any damaged record. */
class EventExportTest {
  /** A sample with 100 tx/s, the rest TestEvents' defaults. */
  static byte[] sample() {
    Sample s = TestEvents.sample().tps(100.0).build();
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
