package io.benchlake.alerts.confirm;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The machine's load around a confirm's re-runs: the one-minute load average before they begin and
 * sampled every second while they run. The machine is busy when other work was running before (a
 * load above half the logical CPUs) or the load while they ran exceeded what they bring themselves
 * (the client threads and the server: threads + 1) by more than half the CPUs.
 */
public final class MachineLoad implements AutoCloseable {
  private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
  private final ScheduledExecutorService sampler =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "confirm load sampler");
            t.setDaemon(true);
            return t;
          });
  private final List<Double> during = new ArrayList<>();
  private final double before;

  /** Reads the load now (before) and samples it every second from then on. */
  public MachineLoad() {
    before = os.getSystemLoadAverage();
    sampler.scheduleAtFixedRate(this::sample, 1, 1, TimeUnit.SECONDS);
  }

  private void sample() {
    double l = os.getSystemLoadAverage();
    if (l >= 0) {
      synchronized (during) {
        during.add(l);
      }
    }
  }

  /** What was recorded, judged for re-runs of {@code threads} client threads. */
  public Summary summary(int threads) {
    List<Double> copy;
    synchronized (during) {
      copy = List.copyOf(during);
    }
    double mean = copy.stream().mapToDouble(Double::doubleValue).average().orElse(before);
    double peak = copy.stream().mapToDouble(Double::doubleValue).max().orElse(before);
    return new Summary(before, mean, peak, os.getAvailableProcessors(), threads);
  }

  @Override
  public void close() {
    sampler.shutdownNow();
  }

  /**
   * The load average before the re-runs, its mean and peak while they ran (negative where the
   * system gives none), the logical CPUs, and whether the machine was busy.
   */
  public record Summary(double before, double mean, double peak, int cpus, int threads) {
    public boolean busy() {
      return before > cpus / 2.0 || mean > threads + 1 + cpus / 2.0;
    }

    /** "load average 0.4 before, 5.1 mean (peak 6.0) during the re-runs, 2 CPUs: busy". */
    public String describe() {
      if (before < 0) {
        return "the machine's load average is not available here";
      }
      return String.format(
          Locale.ROOT,
          "load average %.2f before, %.2f mean (peak %.2f) during the re-runs, %d CPUs%s",
          before,
          mean,
          peak,
          cpus,
          busy()
              ? ": BUSY (other work was running; the re-run differences may be noise)"
              : ": not busy");
    }
  }
}
