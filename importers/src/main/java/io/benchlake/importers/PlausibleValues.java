package io.benchlake.importers;

import io.benchlake.schemas.CpuShare;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.schemas.TransactionTiming;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The values no benchmark produces, found in an event before it is published: a negative or
 * non-finite number, a rate above 10^9 per second, a latency above 10^7 ms (about 3 hours), a
 * duration above 10^7 s (about 4 months), any other number above 10^15 (where a double stops
 * holding whole numbers exactly; sums of such values overflow). Once in the log such a value would
 * either fail ingest or be averaged into every statistic of its run.
 */
public final class PlausibleValues {
  public static final double MAX_RATE_PER_S = 1e9;
  public static final double MAX_LATENCY_MS = 1e7;
  public static final double MAX_DURATION_S = 1e7;
  public static final double MAX_NUMBER = 1e15;
  private static final double MAX_PERCENT = 100;

  private final List<String> problems = new ArrayList<>();

  private PlausibleValues() {}

  /** The first impossible value of {@code event}, as "field is VALUE; expected ...". */
  public static Optional<String> problem(Event event) {
    PlausibleValues check = new PlausibleValues();
    if (event instanceof Sample s) {
      check.sample(s);
    } else if (event instanceof IterationFinished f) {
      check.iteration(f);
    } else if (event instanceof RunStarted r) {
      check.parameters(r.parameters());
    }
    return check.problems.stream().findFirst();
  }

  /** Why {@code value} is no rate per second, as "FIELD is VALUE; expected ...", if it is not. */
  public static Optional<String> ofRate(String field, double value) {
    return single(c -> c.rate(field, value));
  }

  /** Why {@code value} is no latency in ms, if it is not. */
  public static Optional<String> ofLatency(String field, double value) {
    return single(c -> c.latency(field, value));
  }

  /** Why {@code value} is no duration in seconds, if it is not. */
  public static Optional<String> ofDuration(String field, double value) {
    return single(c -> c.duration(field, value));
  }

  /** Why {@code value} is no percentage, if it is not. */
  public static Optional<String> ofPercent(String field, double value) {
    return single(c -> c.percent(field, value));
  }

  /** Why {@code value} is no figure a benchmark reports (0 to 10^15), if it is not. */
  public static Optional<String> ofNumber(String field, double value) {
    return single(c -> c.nonNegative(field, value));
  }

  private static Optional<String> single(java.util.function.Consumer<PlausibleValues> check) {
    PlausibleValues c = new PlausibleValues();
    check.accept(c);
    return c.problems.stream().findFirst();
  }

  private void sample(Sample s) {
    count("live_threads", s.liveThreads());
    duration("offset_s", s.offsetS());
    duration("interval_s", s.intervalS());
    count("transactions", s.transactions());
    rate("tps", s.tps());
    rate("qps", s.qps());
    rate("reads_ps", s.readsPs());
    rate("writes_ps", s.writesPs());
    rate("other_ps", s.otherPs());
    rate("errors_ps", s.errorsPs());
    rate("reconnects_ps", s.reconnectsPs());
    perMinute("nopm", s.nopm());
    perMinute("tpm", s.tpm());
    latency("latency_avg_ms", s.latencyAvgMs());
    percent("latency_pct", s.latencyPct());
    latency("latency_pct_ms", s.latencyPctMs());
    latency("latency_max_ms", s.latencyMaxMs());
    nonNegative("server_cpu_pct", s.serverCpuPct());
    CpuShare cpu = s.hostCpu();
    if (cpu != null) {
      percent("host_cpu.user_pct", cpu.userPct());
      percent("host_cpu.system_pct", cpu.systemPct());
      percent("host_cpu.iowait_pct", cpu.iowaitPct());
      percent("host_cpu.idle_pct", cpu.idlePct());
    }
  }

  private void iteration(IterationFinished f) {
    duration("measured_s", f.measuredS());
    for (IterationValue v : f.values()) {
      value(v);
    }
    for (TransactionTiming t : f.timings()) {
      String p = "timings." + t.procedure() + ".";
      count(p + "calls", t.calls());
      for (var latency :
          List.of(
              new Named("min", t.min()),
              new Named("avg", t.avg()),
              new Named("max", t.max()),
              new Named("p50", t.p50()),
              new Named("p95", t.p95()),
              new Named("p99", t.p99()))) {
        if ("ms".equals(t.unit())) {
          latency(p + latency.name(), latency.value());
        } else {
          nonNegative(p + latency.name(), latency.value());
        }
      }
      nonNegative(p + "total", t.total());
      nonNegative(p + "sd", t.sd());
      nonNegative(p + "ratio_pct", t.ratioPct());
      nonNegative(p + "elapsed_ms", t.elapsedMs());
    }
  }

  private record Named(String name, Double value) {}

  /** An iteration value by its unit: a rate, a latency (a sum of them is not one), a duration. */
  private void value(IterationValue v) {
    String name = "values." + v.metric();
    String unit = v.unit();
    if (unit.endsWith("/s")) {
      rate(name, v.value());
    } else if (unit.equals("per min")) {
      perMinute(name, v.value());
    } else if (unit.equals("ms") && !v.metric().endsWith("_total")) {
      latency(name, v.value());
    } else if (unit.equals("s")) {
      duration(name, v.value());
    } else {
      nonNegative(name, v.value());
    }
  }

  private void parameters(RunParameters p) {
    if (p == null) {
      return;
    }
    count("parameters.tables", p.tables());
    count("parameters.table_size", p.tableSize());
    count("parameters.warehouses", p.warehouses());
    count("parameters.iterations", p.iterations());
    duration("parameters.duration_s", p.durationS());
    duration("parameters.warmup_s", p.warmupS());
    duration("parameters.report_interval_s", p.reportIntervalS());
    for (Integer threads : p.threads()) {
      if (threads != null && threads < 1) {
        problems.add("parameters.threads holds " + threads + "; a thread count is at least 1");
      }
    }
  }

  private void rate(String field, Double value) {
    within(field, value, MAX_RATE_PER_S, "a rate per second");
  }

  private void perMinute(String field, Double value) {
    within(field, value, MAX_RATE_PER_S * 60, "a rate per minute");
  }

  private void latency(String field, Double value) {
    within(field, value, MAX_LATENCY_MS, "a latency in ms");
  }

  private void duration(String field, Double value) {
    within(field, value, MAX_DURATION_S, "a duration in seconds");
  }

  private void percent(String field, Double value) {
    within(field, value, MAX_PERCENT, "a percentage");
  }

  private void nonNegative(String field, Double value) {
    within(field, value, MAX_NUMBER, "a number");
  }

  private void count(String field, Number value) {
    if (value != null && value.longValue() < 0) {
      problems.add(field + " is " + value + "; a count is 0 or more");
    }
  }

  private void within(String field, Double value, double max, String what) {
    if (value == null) {
      return;
    }
    if (!Double.isFinite(value) || value < 0 || value > max) {
      problems.add(
          field
              + " is "
              + value
              + "; "
              + what
              + String.format(Locale.ROOT, " must be between 0 and %.0e", max));
    }
  }
}
