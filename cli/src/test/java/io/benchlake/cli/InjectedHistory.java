package io.benchlake.cli;

import io.benchlake.schemas.DatabaseFacts;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.HostFacts;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.Sample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A benchmark history written as event lines for `benchlake import events`: runs of one test at 8
 * threads on one testbed, one a day, 3 iterations each at a level with 0.3% noise. The test,
 * testbed, dataset, config, tool and run ids may be changed between runs (A/B datasets measured in
 * turns, a config replaced, a tool changed); report intervals (1% noise, a stall where asked) are
 * written when asked.
 */
final class InjectedHistory {
  static final String TEST = "OLTP_RW";
  static final String TESTBED = "bed1";
  private static final Instant DAY0 = Instant.parse("2026-01-01T00:00:00Z");

  private final List<Event> events = new ArrayList<>();
  private final Random noise;
  private int day;
  private String version = "11.4.5";
  private int intervals; // report intervals per iteration written as samples (0: none)
  private int stalledIteration; // the iteration of the next run whose middle interval stalls
  private String test = TEST;
  private String testbed = TESTBED;
  private String dataset;
  private String config = "[mysqld]\ninnodb_buffer_pool_size=1G\n";
  private String source = "injected";
  private String ids = "run-day-";
  private RunParameters parameters =
      new RunParameters(
          "oltp_read_write", 4, 10_000L, null, 60.0, "s", 3, List.of(8), 0.0, 1.0, null);

  InjectedHistory(long seed, int firstDay) {
    this.noise = new Random(seed);
    this.day = firstDay;
  }

  InjectedHistory version(String v) {
    version = v;
    return this;
  }

  /** The runs after this write {@code n} one-second report intervals per iteration. */
  InjectedHistory intervals(int n) {
    intervals = n;
    return this;
  }

  /**
   * The next run's {@code iteration} has a stall (an interval at 2% of its level) in its middle.
   */
  InjectedHistory stallIn(int iteration) {
    stalledIteration = iteration;
    return this;
  }

  InjectedHistory test(String name) {
    test = name;
    return this;
  }

  InjectedHistory on(String name) {
    testbed = name;
    return this;
  }

  /** The dataset of the next runs (default: "MariaDB " and the version). */
  InjectedHistory dataset(String label) {
    dataset = label;
    return this;
  }

  /** The cnf of the next runs (null: a run without one, whose config is unknown). */
  InjectedHistory config(String cnf) {
    config = cnf;
    return this;
  }

  /** The tool (run_started's source) of the next runs. */
  InjectedHistory tool(String name) {
    source = name;
    return this;
  }

  /**
   * The parameters the next runs' run_started records (default: oltp_read_write, 4 tables of 10,000
   * rows, 3 iterations of 60 s at 8 threads).
   */
  InjectedHistory parameters(RunParameters p) {
    parameters = p;
    return this;
  }

  /** Run ids are {@code prefix} and the day (default "run-day-"). */
  InjectedHistory ids(String prefix) {
    ids = prefix;
    return this;
  }

  /** The next run starts {@code days} days later than it would have. */
  InjectedHistory skip(int days) {
    day += days;
    return this;
  }

  /** The run id of the run on {@code day}, with this history's prefix. */
  String idOf(int day) {
    return ids + day;
  }

  InjectedHistory runs(int runs, double tps) {
    for (int i = 0; i < runs; i++) {
      run(tps);
    }
    return this;
  }

  /** The run id of the run on {@code day}. */
  static String runId(int day) {
    return "run-day-" + day;
  }

  private void run(double tps) {
    Instant started = DAY0.plus(Duration.ofDays(day));
    RunContext run = RunContext.imported(idOf(day), started);
    day++;
    events.add(
        run.event("start")
            .runStarted(
                dataset == null ? "MariaDB " + version : dataset,
                "sysbench",
                test,
                null,
                source,
                parameters,
                List.of(),
                testbed));
    events.add(
        run.event("env")
            .environment(
                new HostFacts(
                    testbed, "cpu", 2, 2, 1, 8L << 30, "Linux", "12", "6.1", "vda", "host"),
                new DatabaseFacts(
                    "mariadb",
                    version + "-MariaDB",
                    "innodb",
                    null,
                    "embedded",
                    null,
                    null,
                    config,
                    Map.of("version", version))));
    for (int k = 1; k <= 3; k++) {
      double v = tps * (1 + 0.003 * noise.nextGaussian());
      for (int i = 1; i <= intervals; i++) {
        boolean stall = k == stalledIteration && i == intervals / 2;
        double rate = stall ? tps * 0.02 : tps * (1 + 0.01 * noise.nextGaussian());
        events.add(
            run.event("sample", k + "/" + i)
                .sample(8, k, Sample.Phase.measured, i, 1.0)
                .tps(rate)
                .qps(rate * 20)
                .build());
      }
      events.add(
          run.event("iteration", "" + k)
              .iterationFinished(
                  8,
                  k,
                  IterationFinished.Status.completed,
                  60.0,
                  List.of(new IterationValue("TPS", v, "tx/s", "injected")),
                  List.of(),
                  null,
                  null));
    }
    events.add(run.event("end").runFinished(RunFinished.Status.completed, null, List.of()));
    stalledIteration = 0;
  }

  /** The events written as JSON lines to {@code file}; the builder starts empty again. */
  Path write(Path file) throws IOException {
    EventCodec codec = new EventCodec();
    StringBuilder lines = new StringBuilder();
    events.forEach(e -> lines.append(codec.encodeToString(e)).append('\n'));
    Files.writeString(file, lines);
    events.clear();
    return file;
  }
}
