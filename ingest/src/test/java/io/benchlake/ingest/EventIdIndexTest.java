package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EventIdIndexTest {
  @Test
  void holdsEveryIdThroughItsGrowthWithItsDigestAndPlace() {
    EventIdIndex index = new EventIdIndex(4);
    for (int i = 0; i < 10_000; i++) {
      index.put(EventIdIndex.key("event-" + i), i * 31L, EventIdIndex.place(i % 3, i));
    }
    assertEquals(10_000, index.size());
    for (int i = 0; i < 10_000; i++) {
      long key = EventIdIndex.key("event-" + i);
      assertTrue(index.contains(key), "event-" + i);
      assertEquals(i * 31L, index.digest(key));
      assertEquals(i % 3, EventIdIndex.partitionOf(index.place(key)));
      assertEquals(i, EventIdIndex.offsetOf(index.place(key)));
    }
    assertFalse(index.contains(EventIdIndex.key("event-10000")));
    index.put(EventIdIndex.key("event-7"), 1, EventIdIndex.place(1, 1L << 40));
    assertEquals(10_000, index.size(), "a replaced version is not another id");
    assertEquals(1L << 40, EventIdIndex.offsetOf(index.place(EventIdIndex.key("event-7"))));
  }
}
