import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventLog;
import io.benchlake.bus.EventPublisher;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.IngestService;
import io.benchlake.ingest.FlinkCluster;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventIds;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.Sample;
import io.benchlake.warehouse.Warehouse;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;

/**
 * bench/ingest's measurement, in one JVM: publishes N sample events (runs of 10 thread counts x 1
 * iteration x N/10,000 one-second samples, each with a latency histogram, and iteration_finished
 * events with the latency figures, as loadgen sends them)
 * to the embedded broker, then times (1) a plain Kafka consumer reading the topic, (2) the same
 * reading and parsing + validating every event as the Flink job's router does, (3) the Flink batch
 * ingest cold (a MiniCluster started for the job, as `benchlake ingest`), and (4) the same ingest
 * (a rebuild into another warehouse) on a MiniCluster already running: the steady state of follow
 * mode. Prints one line per figure: name, events, seconds, events/s.
 */
public class IngestThroughput {
  /**
   * Rounds of the steady ingest. The JIT compilers are still busy in the first ones (a quarter of
   * the CPU in round 2), and on a shared 2-core machine one round can be 20% off the next, so the
   * steady figure is the median of the rounds after the first {@link #WARM_ROUNDS}.
   */
  private static final int ROUNDS = 8;

  private static final int WARM_ROUNDS = 3;

  public static void main(String[] args) throws Exception {
    long n = Long.parseLong(args[0]);
    Path homeDir = Path.of(args[1]);
    BenchlakeHome home = new BenchlakeHome(homeDir);
    try (EventBus bus = EventBus.connect(home, Optional.empty())) {
      String bootstrap = bus.bootstrap();
      long t0 = System.nanoTime();
      long events = publish(bootstrap, n);
      line("publish (EventPublisher, acks=all)", events, t0);

      t0 = System.nanoTime();
      AtomicLong bytes = new AtomicLong();
      long read = EventLog.readAll(bootstrap, v -> bytes.addAndGet(v.length));
      line("plain consumer: read", read, t0);

      EventCodec codec = new EventCodec();
      t0 = System.nanoTime();
      long parsed =
          EventLog.readAll(
              bootstrap,
              v -> {
                try {
                  codec.decode(v);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      line("plain consumer: read + parse + validate", parsed, t0);

      t0 = System.nanoTime();
      IngestService.Result cold =
          new IngestService(2).ingest(bootstrap, new Warehouse(homeDir.resolve("wh-cold")));
      line("flink ingest, cold (MiniCluster per job)", cold.eventsRead(), t0);

      try (FlinkCluster flink = FlinkCluster.shared(2, 1)) {
        IngestService steady = new IngestService(flink, IngestService.DEFAULT_COMPACT_ABOVE);
        List<Double> seconds = new java.util.ArrayList<>();
        List<Long> jit = new java.util.ArrayList<>();
        List<String> cores = new java.util.ArrayList<>();
        List<String> cpuPerEvent = new java.util.ArrayList<>();
        long steadyRead = 0;
        for (int round = 1; round <= ROUNDS; round++) {
          long jit0 = jitMillis();
          long cpu0 = cpuNanos();
          t0 = System.nanoTime();
          IngestService.Result r =
              steady.ingest(bootstrap, new Warehouse(homeDir.resolve("wh-steady")), true);
          line("flink ingest, steady (running MiniCluster) round " + round, r.eventsRead(), t0);
          if (round > WARM_ROUNDS) {
            seconds.add((System.nanoTime() - t0) / 1e9);
            jit.add(jitMillis() - jit0);
            long cpu = cpuNanos() - cpu0;
            cores.add(String.format("%.2f", cpu / (double) (System.nanoTime() - t0)));
            cpuPerEvent.add(String.format("%.2f", cpu / 1e3 / r.eventsRead()));
          }
          steadyRead = r.eventsRead();
        }
        seconds.sort(null);
        double median = seconds.get(seconds.size() / 2);
        System.out.printf(
            "%-52s %10d %8.2f %12.0f%n",
            "flink ingest, steady: median of rounds " + (WARM_ROUNDS + 1) + "-" + ROUNDS,
            steadyRead,
            median,
            steadyRead / median);
        System.out.println(
            "rounds " + (WARM_ROUNDS + 1) + "-" + ROUNDS + ": cores busy (process CPU / wall) "
                + cores + ", process CPU µs per event " + cpuPerEvent
                + ", JIT compiler time (ms) " + jit);
      }
    }
  }

  /** Time the JIT compilers spent so far, all threads (the JVM's own account). */
  private static long jitMillis() {
    return java.lang.management.ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
  }

  /** CPU time of this process so far, all threads. */
  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static void line(String what, long events, long t0) {
    double s = (System.nanoTime() - t0) / 1e9;
    System.out.printf("%-52s %10d %8.2f %12.0f%n", what, events, s, events / s);
  }

  private static long publish(String bootstrap, long n) {
    String hist = histogram();
    int samplesPerIteration = (int) Math.max(1, n / 10_000);
    long count = 0;
    Instant startedAt = Instant.parse("2026-06-01T00:00:00Z");
    try (EventPublisher publisher = new EventPublisher(bootstrap)) {
      for (int r = 0; count < n; r++) {
        String run = EventIds.random();
        Instant at = startedAt.plusSeconds(r * 3600L);
        List<Integer> ladder = List.of(1, 2, 4, 8, 16, 32, 64, 128, 256, 512);
        publisher.publish(
            new RunStarted(
                null, EventIds.random(), run, at, at, "bench " + (r % 20), "sysbench",
                "OLTP_RW", null, "loadgen",
                new RunParameters(
                    "oltp_read_write", 4, 10000L, null, (double) samplesPerIteration, "s", 1,
                    ladder, 0.0, 1.0, "special"),
                List.of(),
                null));
        RunContext context = RunContext.live(run, at).emittedAt(at);
        for (int threads : ladder) {
          for (int s = 1; s <= samplesPerIteration; s++) {
            double tps = 1000 + threads + s % 7;
            publisher.publish(
                context.event("sample").sample(threads, 1, Sample.Phase.measured, s, 1.0)
                    .liveThreads(threads).transactions((long) tps).tps(tps).qps(tps * 20)
                    .readsPs(tps * 14).writesPs(tps * 4).otherPs(tps * 2).latencyAvgMs(5.0)
                    .latencyPct(95.0).latencyPctMs(9.5).latencyMaxMs(12.0).histogram(hist)
                    .build());
            count++;
          }
          publisher.publish(
              new IterationFinished(
                  null, EventIds.random(), run, at, at, threads, 1,
                  IterationFinished.Status.completed, (double) samplesPerIteration,
                  List.of(
                      new IterationValue("TPS", 1000 + threads, "tx/s", "loadgen:exact"),
                      // as loadgen sends them, from its exact histogram of the iteration
                      new IterationValue("latency_avg_ms", 4.2, "ms", "loadgen:histogram"),
                      new IterationValue("latency_p50_ms", 4.0, "ms", "loadgen:histogram"),
                      new IterationValue("latency_p95_ms", 7.9, "ms", "loadgen:histogram"),
                      new IterationValue("latency_p99_ms", 8.0, "ms", "loadgen:histogram"),
                      new IterationValue("latency_max_ms", 8.1, "ms", "loadgen:histogram")),
                  List.of()));
        }
        publisher.publish(
            new RunFinished(null, EventIds.random(), run, at, at, RunFinished.Status.completed, null));
      }
    }
    return count;
  }

  private static String histogram() {
    Histogram h = new Histogram(3);
    for (int i = 1; i <= 200; i++) {
      h.recordValue(500L + i * 37L);
    }
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int len = h.encodeIntoCompressedByteBuffer(buf);
    return Base64.getEncoder().encodeToString(Arrays.copyOf(buf.array(), len));
  }
}
