package io.benchlake.ingest.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.RunFinished;
import io.benchlake.warehouse.WarehouseTable;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.accumulators.LongCounter;
import org.apache.flink.api.common.functions.DefaultOpenContext;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.streaming.api.TimerService;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.junit.jupiter.api.Test;

/**
 * What the router does with each event, outside a job: rows to their table, refusals, and what an
 * event the previous ingest already read still gives (only the aggregate's part).
 */
class EventRouterTest {
  private static final Instant AT = Instant.parse("2026-03-11T13:22:25Z");
  private static final EventCodec CODEC = new EventCodec();

  /** The router's outputs: side outputs by tag name, and what goes on to the aggregate. */
  private static final class Outputs {
    final List<Object[]> side = new ArrayList<>();
    final List<IterationPart> parts = new ArrayList<>();
    final LongCounter read = new LongCounter();
    final LongCounter newRead = new LongCounter();

    List<Object> of(String tag) {
      return side.stream().filter(s -> s[0].equals(tag)).map(s -> s[1]).toList();
    }
  }

  private static EventRouter router(IngestJob.Batch batch, Outputs outputs) {
    return opened(new EventRouter(batch), outputs);
  }

  private static EventRouter opened(EventRouter router, Outputs outputs) {
    // Only the counter of records read is asked of the runtime context.
    RuntimeContext context =
        (RuntimeContext)
            Proxy.newProxyInstance(
                RuntimeContext.class.getClassLoader(),
                new Class<?>[] {RuntimeContext.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("getLongCounter")) {
                    return EventRouter.RECORDS_READ.equals(args[0])
                        ? outputs.read
                        : outputs.newRead;
                  }
                  throw new UnsupportedOperationException(method.getName());
                });
    router.setRuntimeContext(context);
    router.open(DefaultOpenContext.INSTANCE);
    return router;
  }

  private static void route(EventRouter router, Outputs outputs, RawEvent raw) {
    EventRouter.Context ctx =
        router.new Context() {
          @Override
          public Long timestamp() {
            return null;
          }

          @Override
          public TimerService timerService() {
            throw new UnsupportedOperationException();
          }

          @Override
          public <X> void output(OutputTag<X> tag, X value) {
            outputs.side.add(new Object[] {tag.getId(), value});
          }
        };
    router.processElement(
        raw,
        ctx,
        new Collector<>() {
          @Override
          public void collect(IterationPart part) {
            outputs.parts.add(part);
          }

          @Override
          public void close() {}
        });
  }

  private static RawEvent raw(int partition, long offset, byte[] value) {
    return new RawEvent("benchlake.events", partition, offset, 0L, value);
  }

  private static byte[] runFinished(String runId) {
    return CODEC.encode(
        new RunFinished(null, "e-" + runId, runId, AT, AT, RunFinished.Status.completed, null));
  }

  private static final String RUNS = WarehouseTable.RUNS.dirName();

  @Test
  void aNewEventGivesItsRowAndItsAggregatePart() {
    Outputs out = new Outputs();
    EventRouter router = router(IngestJob.Batch.first(7, AT), out);
    route(router, out, raw(0, 3, runFinished("r1")));

    assertEquals(1, out.of(RUNS).size(), "the run's row");
    assertEquals(1, out.side.size(), "and nothing else");
    assertEquals(1, out.parts.size());
    assertEquals("r1", out.parts.get(0).runId);
    assertNull(out.parts.get(0).iteration, "run_finished closes every iteration of its run");
    assertEquals(3, out.parts.get(0).offset);
    assertEquals(1, out.read.getLocalValue());
  }

  @Test
  void anEventThePreviousIngestReadOnlyFeedsTheAggregate() {
    Outputs out = new Outputs();
    var batch = new IngestJob.Batch(8, AT, Map.of(0, 10L), AT.minusSeconds(60));
    EventRouter router = router(batch, out);
    route(router, out, raw(0, 9, runFinished("r1"))); // below what the last ingest read
    route(router, out, raw(1, 9, runFinished("r2"))); // another partition: not read yet

    assertEquals(List.of("r1", "r2"), out.parts.stream().map(p -> p.runId).toList());
    assertEquals(1, out.of(RUNS).size(), "only the event read for the first time gives a row");
    assertEquals(2, out.read.getLocalValue());
    assertEquals(1, out.newRead.getLocalValue(), "the events past what the last ingest read");
  }

  /**
   * A start in 2300 (a typo for 2025) overflowed Parquet's microseconds and failed every ingest:
   * the event is refused with its reason, and the events around it go on.
   */
  @Test
  void anEventWithATimeParquetCannotHoldIsRefusedAndTheRestGoesOn() {
    Outputs out = new Outputs();
    EventRouter router = router(IngestJob.Batch.first(7, AT), out);
    Instant typo = Instant.parse("2300-01-01T00:00:00Z");
    route(router, out, raw(0, 1, runFinished("before")));
    route(
        router,
        out,
        raw(
            0,
            2,
            CODEC.encode(
                new RunFinished(
                    null, "e-typo", "typo", typo, typo, RunFinished.Status.completed, null))));
    route(router, out, raw(0, 3, runFinished("after")));

    List<Object> refused = out.of(Tags.REFUSED.getId());
    assertEquals(1, refused.size(), refused.toString());
    assertEquals("benchlake.events/0@2", ((RefusedEvent) refused.get(0)).origin);
    assertTrue(((RefusedEvent) refused.get(0)).reason.contains("2300-01-01"), refused.toString());
    assertEquals(2, out.of(RUNS).size(), "the events around it");
  }

  @Test
  void unreadableAndConflictingEventsAreRefusedOnceWithTheirReason() {
    Outputs out = new Outputs();
    byte[] broken = "{not json".getBytes(StandardCharsets.UTF_8);
    RawEvent conflicting = raw(0, 5, runFinished("r3"));
    var batch =
        new IngestJob.Batch(
            9,
            AT,
            Map.of(0, 2L),
            AT.minusSeconds(60),
            Map.of(conflicting.origin(), "event id seen before with other content"));
    EventRouter router = router(batch, out);
    route(router, out, raw(0, 4, broken));
    route(router, out, conflicting);
    route(router, out, raw(0, 1, broken)); // read by the last ingest, refused by it then

    List<Object> refused = out.of(Tags.REFUSED.getId());
    assertEquals(2, refused.size(), refused.toString());
    RefusedEvent notJson = (RefusedEvent) refused.get(0);
    assertEquals("benchlake.events/0@4", notJson.origin);
    assertTrue(notJson.reason.startsWith("not JSON"), notJson.reason);
    RefusedEvent conflict = (RefusedEvent) refused.get(1);
    assertEquals("event id seen before with other content", conflict.reason);
    assertTrue(out.parts.isEmpty(), "a refused event goes nowhere else");
    assertTrue(out.of(RUNS).isEmpty());
    assertEquals(3, out.read.getLocalValue());
  }

  /** A judge that refuses one id's second version and remembers what it was told. */
  private static final class Judge implements LiveConflicts {
    final List<String> told = new ArrayList<>();
    final java.util.Set<String> acknowledged = new java.util.HashSet<>();

    @Override
    public String conflictOf(RawEvent raw, String eventId) {
      told.add("asked " + eventId + " at " + raw.origin());
      return raw.offset == 7 ? "published before with other content" : null;
    }

    @Override
    public void retracted(String runId) {
      told.add("retracted " + runId);
    }

    @Override
    public void acknowledged(String origin) {
      told.add("acknowledged " + origin);
      acknowledged.add(origin);
    }

    @Override
    public boolean isAcknowledged(String origin) {
      return acknowledged.contains(origin);
    }
  }

  /**
   * Follow knows no conflicts before its job starts: its router asks the session's judge of every
   * event, refuses what it names, tells it the retractions and acknowledgements read, and sends an
   * acknowledged refusal nowhere.
   */
  @Test
  void aFollowRouterAsksItsSessionsJudgeOfEveryEvent() {
    Judge judge = new Judge();
    FollowSession session = FollowSession.start("router-test").conflicts(judge);
    try {
      Outputs out = new Outputs();
      EventRouter router =
          opened(new FollowRouter(IngestJob.Batch.first(3, AT), session.id()), out);
      route(router, out, raw(0, 5, runFinished("r1")));
      route(
          router,
          out,
          raw(
              0,
              6,
              CODEC.encode(
                  io.benchlake.schemas.Acknowledgement.of("benchlake.events/1@2", "seen", AT))));
      route(router, out, raw(0, 7, runFinished("r1"))); // the judge's conflict
      route(router, out, raw(1, 2, "{not json".getBytes(StandardCharsets.UTF_8)));
      route(
          router,
          out,
          raw(
              0,
              8,
              CODEC.encode(
                  new io.benchlake.schemas.Retraction(
                      null, "x-r1", "r1", AT, AT, "read again", List.of(), List.of()))));

      assertEquals(
          List.of(
              "asked e-r1 at benchlake.events/0@5",
              "asked "
                  + io.benchlake.schemas.Acknowledgement.of("benchlake.events/1@2", "seen", AT)
                      .eventId()
                  + " at benchlake.events/0@6",
              "acknowledged benchlake.events/1@2",
              "asked e-r1 at benchlake.events/0@7",
              "asked x-r1 at benchlake.events/0@8",
              "retracted r1"),
          judge.told);
      List<Object> refused = out.of(Tags.REFUSED.getId());
      assertEquals(1, refused.size(), "the acknowledged unreadable one stays out: " + refused);
      assertEquals("published before with other content", ((RefusedEvent) refused.get(0)).reason);
      assertEquals(1, out.of(RUNS).size(), "the first version's row only");
    } finally {
      session.close();
    }
  }
}
