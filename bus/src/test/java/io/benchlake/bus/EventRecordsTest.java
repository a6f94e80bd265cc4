package io.benchlake.bus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunStarted;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

class EventRecordsTest {
  private static final Instant AT = Instant.parse("2026-03-01T00:00:00Z");

  @Test
  void runsStartedInOneMillisecondKeepTheirOrderInTheLogTimestamps() {
    long before = System.currentTimeMillis();
    long previous = 0;
    for (int i = 0; i < 1000; i++) {
      String run = EventIds.random();
      ProducerRecord<String, byte[]> r =
          EventRecords.of(
              Topics.EVENTS,
              new RunStarted(
                  null,
                  EventIds.random(),
                  run,
                  AT,
                  AT,
                  "D" + i,
                  "sysbench",
                  "OLTP_RW",
                  null,
                  "import:taf-report",
                  null,
                  List.of(),
                  null),
              new byte[0]);
      assertEquals(run, r.key(), "keyed by run: a run's events share a partition");
      assertTrue(r.timestamp() > previous, "strictly after the previous run_started");
      assertTrue(r.timestamp() >= before, "never before the wall clock");
      previous = r.timestamp();
    }
    ProducerRecord<String, byte[]> finished =
        EventRecords.of(
            Topics.EVENTS,
            new RunFinished(
                null, EventIds.random(), "r", AT, AT, RunFinished.Status.completed, null, null),
            new byte[0]);
    assertNull(finished.timestamp(), "other events: the producer's clock");
  }
}
