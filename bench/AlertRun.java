import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.Sample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * bench/alerts' new run: run number I of a warehouse that bench/QueryTimes.java wrote with RUNS
 * runs, TESTS tests and HOSTS hosts, as `benchlake import events` lines: the test, host (its
 * testbed), server version and config the generator gives run I (I >= RUNS: the next release), ten
 * thread counts of three iterations, each with 50 one-second measured report intervals and its TPS,
 * 10% under the history's level, one interval stalled at 64 threads.
 * Usage: java AlertRun.java RUNS TESTS HOSTS I OUT.jsonl
 */
public class AlertRun {
  private static final int[] THREADS = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512};

  public static void main(String[] args) throws Exception {
    long runs = Long.parseLong(args[0]);
    int tests = Integer.parseInt(args[1]);
    int hosts = Integer.parseInt(args[2]);
    long i = Long.parseLong(args[3]);
    Path out = Path.of(args[4]);
    // as the generator places run i: ten years from 2016 in equal steps, 30 versions in turn
    Instant started =
        Instant.parse("2016-01-01T00:00:00Z")
            .plus(Duration.ofNanos(i * (315360000000000L / runs) * 1000));
    long v = i * 30 / runs;
    String version = (10 + v / 10) + "." + (v % 10) + "." + (1 + i % 3);
    String host = "host" + (i % hosts);
    RunContext run = RunContext.imported("bench-alerts-" + i, started);
    Random noise = new Random(i);
    EventCodec codec = new EventCodec();
    StringBuilder lines = new StringBuilder();
    java.util.function.Consumer<io.benchlake.schemas.Event> add =
        e -> lines.append(codec.encodeToString(e)).append('\n');
    add.accept(
        run.event("start")
            .runStarted(
                "MariaDB " + version + "-MariaDB",
                "sysbench",
                "T" + (i % tests),
                null,
                "loadgen",
                new RunParameters(
                    "oltp_read_write",
                    4,
                    10_000L,
                    null,
                    50.0,
                    "s",
                    3,
                    java.util.Arrays.stream(THREADS).boxed().toList(),
                    0.0,
                    1.0,
                    null),
                List.of(),
                host));
    add.accept(
        run.event("env")
            .environment(
                new HostFacts(host, "cpu", 2, 2, 1, 8L << 30, "Linux", "12", "6.1", "vda", "host"),
                new DatabaseFacts(
                    "mariadb",
                    version + "-MariaDB",
                    "innodb",
                    null,
                    "embedded",
                    null,
                    null,
                    "[mysqld]\ninnodb_buffer_pool_size=" + (1 + i % 2) + "G",
                    Map.of("version", version))));
    for (int threads : THREADS) {
      for (int k = 1; k <= 3; k++) {
        // 10% under the history's level, and one stalled interval: findings to publish, so the
        // small second ingest runs
        double level = 0.9 * (1000 + threads * 3 + noise.nextInt(100));
        for (int s = 1; s <= 50; s++) {
          boolean stall = threads == 64 && k == 2 && s == 25;
          double rate = level * (stall ? 0.02 : 1 + 0.01 * noise.nextGaussian());
          add.accept(
              run.event("sample", threads + "/" + k + "/" + s)
                  .sample(threads, k, Sample.Phase.measured, s, 1.0)
                  .tps(rate)
                  .qps(rate * 20)
                  .build());
        }
        add.accept(
            run.event("iteration", threads + "/" + k)
                .iterationFinished(
                    threads,
                    k,
                    IterationFinished.Status.completed,
                    50.0,
                    List.of(new IterationValue("TPS", level, "tx/s", "bench")),
                    List.of(),
                    null,
                    null));
      }
    }
    add.accept(run.event("end").runFinished(RunFinished.Status.completed, null, List.of()));
    Files.writeString(out, lines);
  }
}
