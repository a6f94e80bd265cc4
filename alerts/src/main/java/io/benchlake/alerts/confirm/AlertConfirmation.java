package io.benchlake.alerts.confirm;

import io.benchlake.home.BadInputException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * `benchlake run --confirm ALERT`: both sides of the alert's cell run again in ABBA order (before,
 * after, after, before) with equal warm-up, each on a server started afresh by the {@link
 * SideRunner}, on the alert's testbed only, the machine's load recorded meanwhile. A side's tables
 * are made before its first re-run (in a server start of their own, so that every measured run
 * starts its server afresh on tables at rest) and again only when the other side's replaced them
 * (the two share a server's data directory when they share its version or install dir). The verdict
 * compares the re-runs' difference with the alert's ({@link ConfirmVerdict}).
 */
public final class AlertConfirmation {
  /** The sides in the order they run: ABBA, so a drift over the four runs falls on both alike. */
  public static final List<String> ORDER = List.of("before", "after", "after", "before");

  private AlertConfirmation() {}

  /** Runs one side once, its runs marked, and says what it measured. */
  @FunctionalInterface
  public interface SideRunner {
    /**
     * Runs {@code side} as re-run {@code order} (1 to 4), its run_started carrying {@code markers}
     * as properties, its tables made first when {@code prepare}; the run's id and the alert's
     * metric per completed iteration.
     */
    Rerun run(ConfirmSide side, int order, Map<String, String> markers, boolean prepare)
        throws Exception;
  }

  /** One re-run: its run id and the alert's metric of each of its completed iterations. */
  public record Rerun(String side, String runId, List<Double> values) {
    public Rerun {
      values = List.copyOf(values);
    }

    double mean() {
      return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
  }

  /** What a confirm found: the re-runs in their order, the verdict and the machine's load. */
  public record Outcome(
      ConfirmCell cell, List<Rerun> reruns, ConfirmVerdict verdict, MachineLoad.Summary load) {

    /** The lines `run --confirm` prints after the re-runs. */
    public String text() {
      StringBuilder out = new StringBuilder();
      out.append(
          String.format(
              Locale.ROOT,
              "Confirm of alert %s (%s %s: %s %s @%d on %s, %s):%n",
              cell.alertId(),
              cell.kind(),
              cell.direction(),
              cell.test(),
              cell.metric(),
              cell.threads(),
              cell.testbed(),
              interval(cell.magnitudePct(), cell.ciLowPct(), cell.ciHighPct())));
      for (int i = 0; i < reruns.size(); i++) {
        Rerun r = reruns.get(i);
        out.append(
            String.format(
                Locale.ROOT,
                "  %d  %-6s  run %s  %s %.2f over %d iteration(s)%n",
                i + 1,
                r.side(),
                r.runId(),
                cell.metric(),
                r.mean(),
                r.values().size()));
      }
      out.append(
          String.format(
              Locale.ROOT,
              "Re-run difference (after vs before): %s, %d vs %d iterations%n",
              interval(verdict.changePct(), verdict.ciLowPct(), verdict.ciHighPct()),
              verdict.after(),
              verdict.before()));
      out.append("Machine: ").append(load.describe()).append(System.lineSeparator());
      out.append("Verdict: ").append(verdict.verdict()).append(System.lineSeparator());
      return out.toString();
    }

    private static String interval(double pct, Double low, Double high) {
      return low == null || high == null
          ? String.format(Locale.ROOT, "%+.1f%% (no 95%% CI)", pct)
          : String.format(Locale.ROOT, "%+.1f%% (95%% CI %+.1f to %+.1f)", pct, low, high);
    }
  }

  /**
   * A user mistake (one line) when {@code cell} cannot be confirmed (imported runs, a JDBC dataset)
   * or was measured on another testbed than {@code machineTestbed}.
   */
  public static void check(ConfirmCell cell, String machineTestbed) {
    var why = cell.whyNot();
    if (why.isPresent()) {
      throw new BadInputException("alert " + cell.alertId() + " cannot be confirmed: " + why.get());
    }
    if (!cell.measuredOn(machineTestbed)) {
      throw new BadInputException(
          "alert "
              + cell.alertId()
              + " was measured on testbed '"
              + cell.testbed()
              + "', this machine is '"
              + machineTestbed
              + "': confirm it there, or name this machine's testbed with --testbed");
    }
  }

  /**
   * Confirms {@code cell} on the machine whose testbed is {@code machineTestbed}: a user mistake
   * (one line) when the alert cannot be confirmed or was measured on another testbed.
   */
  public static Outcome confirm(ConfirmCell cell, String machineTestbed, SideRunner runner)
      throws Exception {
    check(cell, machineTestbed);
    List<ConfirmSide> sides = cell.sides();
    List<Rerun> reruns = new ArrayList<>();
    MachineLoad.Summary load;
    // what each server's data directory holds: a side's tables are made when it holds others
    Map<String, String> tablesIn = new HashMap<>();
    try (MachineLoad machine = new MachineLoad()) {
      for (int order = 1; order <= ORDER.size(); order++) {
        ConfirmSide side = sides.get(ConfirmSide.SIDES.indexOf(ConfirmSide.sideAt(order)));
        boolean prepare = !side.tables().equals(tablesIn.put(side.dataDirectory(), side.tables()));
        reruns.add(runner.run(side, order, side.markers(cell.alertId(), order), prepare));
      }
      load = machine.summary(cell.threads());
    }
    ConfirmVerdict verdict =
        ConfirmVerdict.judge(
            cell.magnitudePct(),
            cell.ciLowPct(),
            cell.ciHighPct(),
            values(reruns, "before"),
            values(reruns, "after"));
    return new Outcome(cell, reruns, verdict, load);
  }

  private static double[] values(List<Rerun> reruns, String side) {
    return reruns.stream()
        .filter(r -> r.side().equals(side))
        .flatMap(r -> r.values().stream())
        .mapToDouble(Double::doubleValue)
        .toArray();
  }
}
