package io.benchlake.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlake.testing.Repetitions;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The samples' fast path against the general one (tree, schema validator, binder): for every event
 * the fast path takes, the general one must take it too and bind the same record. The events are
 * samples as producers write them, and the same with one field changed to each of a list of awkward
 * values, dropped, given twice, moved, or with something after the object.
 */
class SampleReaderTest {
  private final EventCodec codec = new EventCodec();
  private final SampleReader reader = new SampleReader(EventCodec.mapper().getFactory());

  /** Raw JSON put in place of a field's value (marked, so it survives the tree). */
  private static final List<String> VALUES =
      List.of(
          "null",
          "\"\"",
          "\" \"",
          "\"x\"",
          "0",
          "-0",
          "-0.0",
          "1",
          "-1",
          "2",
          "1.5",
          "1.0",
          "4.0",
          "2147483647",
          "2147483648",
          "9223372036854775808",
          "1e-400",
          "-1e-400",
          "1e400",
          "1E2",
          "0.1",
          "true",
          "{}",
          "[]",
          "[1]",
          "\"warmup\"",
          "\"measured\"",
          "\"Measured\"",
          "\"benchlake.sample/1\"",
          "\"benchlake.sample/2\"",
          "\"2026-06-01T00:00:00Z\"",
          "\"2026-06-01T00:00:00.5Z\"",
          "\"2026-06-01T00:00:00.123456789Z\"",
          "\"2026-06-01T00:00:00.1234567891Z\"",
          "\"2026-06-01T00:00:00.Z\"",
          "\"2026-06-01T00:00:00+02:00\"",
          "\"2026-06-01T00:00:00z\"",
          "\"2026-06-01t00:00:00Z\"",
          "\"2026-06-01 00:00:00Z\"",
          "\"2026-02-29T00:00:00Z\"",
          "\"2024-02-29T12:00:00Z\"",
          "\"2026-02-30T00:00:00Z\"",
          "\"2026-13-01T00:00:00Z\"",
          "\"2026-06-01T24:00:00Z\"",
          "\"2026-06-31T00:00:00Z\"",
          "\"2026-06-01T23:59:60Z\"",
          "\"1899-12-31T23:59:59Z\"",
          "\"0001-01-01T00:00:00Z\"",
          "\"2026-6-01T00:00:00Z\"",
          "\" 2026-06-01T00:00:00Z\"",
          "\"2026-06-01T00:00:00Z \"",
          "\"2026-06-01T00:0a:00Z\"",
          "{\"user_pct\":1,\"system_pct\":2,\"iowait_pct\":3,\"idle_pct\":94}",
          "{\"user_pct\":1,\"system_pct\":2,\"iowait_pct\":3}",
          "{\"user_pct\":1,\"system_pct\":2,\"iowait_pct\":3,\"idle_pct\":null}",
          "{\"user_pct\":1,\"system_pct\":2,\"iowait_pct\":3,\"idle_pct\":94,\"steal\":0}",
          "{\"user_pct\":1,\"user_pct\":2,\"system_pct\":2,\"iowait_pct\":3,\"idle_pct\":94}",
          "\"\\u0072un\"",
          "\"a\\\"b\"");

  @Test
  void theFastPathBindsWhatTheGeneralPathBindsAndNothingItRefuses() throws Exception {
    Random random = new Random(20261204);
    int taken = 0;
    int tried = 0;
    for (int i = 0; i < Repetitions.of(40, 8); i++) {
      Sample sample = sample(random);
      String base = codec.encodeToString(sample);
      assertEquals(sample, reader.read(bytes(base)), "a sample as producers write it: " + base);
      for (String variant : variants(base)) {
        tried++;
        Sample fast = reader.read(bytes(variant));
        if (fast == null) {
          continue;
        }
        taken++;
        Event general = null;
        try {
          general = codec.decodeInGeneral(bytes(variant));
        } catch (InvalidEventException e) {
          throw new AssertionError("fast path took what the schema refuses: " + variant, e);
        }
        assertEquals(general, fast, variant);
      }
    }
    // The fast path must take the common forms of the changed events too, not give up on all.
    assertTrue(taken > tried / 10, "taken " + taken + " of " + tried);
  }

  @Test
  void otherEventsAndBrokenOnesGoTheGeneralWay() throws Exception {
    assertNull(reader.read(codec.encode(EventCodecTest.runStarted())));
    assertNull(reader.read(bytes("not json")));
    assertNull(reader.read(bytes("")));
    assertNull(reader.read(bytes("[1]")));
    // The general path still gives the reason for a broken sample.
    String broken = codec.encodeToString(sample(new Random(1))).replace("\"threads\":", "\"t\":");
    InvalidEventException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            InvalidEventException.class, () -> codec.decode(bytes(broken)));
    assertTrue(e.getMessage().contains("threads"), e.getMessage());
  }

  @Test
  void decodeTakesTheFastPathAndValidatedDecodeAgrees() throws Exception {
    Sample sample = sample(new Random(7));
    assertNotNull(reader.read(codec.encode(sample)));
    assertEquals(sample, codec.decode(codec.encode(sample)));
    assertEquals(sample, codec.decodeValidated(codec.encode(sample)));
  }

  @Test
  void numbersReadTheSameAsDoubleParseDouble() throws Exception {
    // The codec reads numbers with Jackson's fast parser; it must round as the JDK does.
    Random random = new Random(42);
    for (int i = 0; i < Repetitions.of(20_000, 2_000); i++) {
      double d = Double.longBitsToDouble(random.nextLong());
      String text =
          switch (i % 3) {
            case 0 -> Double.toString(d);
            case 1 -> String.format(java.util.Locale.ROOT, "%.17g", random.nextDouble() * 1e6);
            default -> random.nextInt(100000) + "." + random.nextInt(1000000);
          };
      if (!Double.isFinite(Double.parseDouble(text))) {
        continue;
      }
      double read = EventCodec.mapper().readTree("[" + text + "]").get(0).doubleValue();
      assertEquals(Double.parseDouble(text), read, text);
    }
  }

  /**
   * The event with each field in turn changed, dropped or doubled, and a few whole-event changes.
   */
  private static List<String> variants(String base) throws Exception {
    ObjectNode tree = (ObjectNode) EventCodec.mapper().readTree(base);
    List<String> names = new ArrayList<>();
    tree.fieldNames().forEachRemaining(names::add);
    names.addAll(List.of("host_cpu", "live_threads", "transactions", "histogram", "nopm"));
    List<String> out = new ArrayList<>();
    for (String name : names) {
      for (String value : VALUES) {
        ObjectNode copy = tree.deepCopy();
        copy.put(name, "@RAW@");
        out.add(copy.toString().replace("\"@RAW@\"", value));
      }
      ObjectNode dropped = tree.deepCopy();
      dropped.remove(name);
      out.add(dropped.toString());
      if (tree.has(name)) {
        out.add(base.replaceFirst("}$", ",\"" + name + "\":" + tree.get(name) + "}"));
      }
    }
    ObjectNode moved = tree.deepCopy();
    JsonNode schema = moved.remove("schema");
    moved.set("schema", schema);
    out.add(moved.toString());
    out.add(base.replaceFirst("}$", ",\"extra\":{\"a\":[1,{\"b\":2}]},\"x\":null}"));
    out.add(base.replaceFirst("}$", ",\"schema\":\"benchlake.sample/1\"}"));
    out.add(base + " ");
    out.add(base + "{}");
    out.add(base + "x");
    out.add(base.substring(0, base.length() - 1));
    for (Iterator<String> it = out.iterator(); it.hasNext(); ) {
      if (it.next().equals(base)) {
        it.remove();
      }
    }
    return out;
  }

  private static Sample sample(Random r) {
    Instant started = Instant.parse("2026-03-11T13:22:25Z").plusMillis(r.nextInt(1_000_000_000));
    boolean full = r.nextBoolean();
    double tps = r.nextInt(3) == 0 ? r.nextInt(5000) : r.nextDouble() * 5000;
    return TestEvents.sample()
        .eventId(EventIds.random())
        .runId("run-" + r.nextInt(100))
        .emittedAt(started.plusNanos(r.nextInt(4) == 0 ? 0 : r.nextLong(1_000_000_000_000L)))
        .startedAt(started)
        .threads(1 + r.nextInt(512))
        .liveThreads(full ? 1 + r.nextInt(512) : null)
        .iteration(1 + r.nextInt(5))
        .offsetS(r.nextInt(300) + (r.nextBoolean() ? 0.5 : 0))
        .intervalS(r.nextBoolean() ? 1.0 : 0.25 + r.nextDouble())
        .phase(r.nextBoolean() ? Sample.Phase.measured : Sample.Phase.warmup)
        .transactions(full ? (long) tps : null)
        .tps(tps)
        .qps(tps * 20)
        .readsPs(full ? tps * 14 : null)
        .writesPs(full ? tps * 4 : null)
        .otherPs(full ? tps * 2 : null)
        .latencyAvgMs(full ? r.nextDouble() * 50 : null)
        .latencyPct(full ? 95.0 : null)
        .latencyPctMs(full ? r.nextDouble() * 80 : null)
        .latencyMaxMs(full ? r.nextDouble() * 900 : null)
        .errorsPs(r.nextInt(4) == 0 ? r.nextDouble() : 0)
        .nopm(full ? null : tps * 60 * 0.45)
        .tpm(full ? null : tps * 60)
        .histogram(
            full
                ? Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, (byte) r.nextInt()})
                : null)
        .hostCpu(full ? new CpuShare(r.nextDouble() * 50, 10, 0.5, 30) : null)
        .serverCpuPct(full ? r.nextDouble() * 100 : null)
        .build();
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
