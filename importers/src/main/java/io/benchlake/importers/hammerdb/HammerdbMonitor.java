package io.benchlake.importers.hammerdb;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The monitor VU's lines (formats doc, 1.1), without their {@code Vuser 1:} prefix: what each adds
 * to the run being read. The same texts appear in the jobs JSON and in jobs text output.
 */
final class HammerdbMonitor {
  /** Both result forms; ≤v3 (and v4 with first_result=TPM) prints TPM first. */
  static final Pattern RESULT =
      Pattern.compile(
          "(?:TEST RESULT\\s*:\\s*)?System achieved (?:(?<nopm>\\d+) NOPM from (?<tpm>\\d+) (?<db>.+?) TPM|(?<tpm2>\\d+) (?<db2>.+?) TPM at (?<nopm2>\\d+) NOPM)\\s*$");

  static final Pattern RAMPUP = Pattern.compile("^Beginning rampup time of (\\d+) minutes$");
  static final Pattern DURATION = Pattern.compile("^Timing test period of (\\d+) in minutes$");
  private static final Pattern ACTIVE = Pattern.compile("^(\\d+) Active Virtual Users configured$");
  private static final Pattern ACTIVE_ASYNC =
      Pattern.compile("^(\\d+) VU \\* (\\d+) AC = (\\d+) Active Sessions configured$");
  private static final Pattern REPORTED =
      Pattern.compile("^(\\d+) out of (\\d+) Virtual Users reported$");
  private static final Pattern CLIENT_TPM =
      Pattern.compile("^(WARNING CLIENT TPM INCOMPLETE|CLIENT SIDE TPM)\\s*:\\s*(.*)$");

  private HammerdbMonitor() {}

  /**
   * Whether the monitor prints {@code text} after the TEST RESULT (time profile and client-side
   * counts): it belongs to the run just finished.
   */
  static boolean afterResult(String text) {
    return text.startsWith("WARNING:Timing")
        || text.startsWith("ERROR:Timing")
        || REPORTED.matcher(text).matches()
        || CLIENT_TPM.matcher(text).matches();
  }

  /** Adds what {@code text} says to {@code r}; false when it says nothing the import keeps. */
  static boolean apply(String text, HammerdbResult r) {
    Matcher m;
    if ((m = RESULT.matcher(text)).find()) {
      boolean nopmFirst = m.group("nopm") != null;
      r.nopm = Long.parseLong(nopmFirst ? m.group("nopm") : m.group("nopm2"));
      r.tpm = Long.parseLong(nopmFirst ? m.group("tpm") : m.group("tpm2"));
      r.database = (nopmFirst ? m.group("db") : m.group("db2")).strip();
    } else if ((m = RAMPUP.matcher(text)).matches()) {
      r.rampupMin = Integer.parseInt(m.group(1));
    } else if ((m = DURATION.matcher(text)).matches()) {
      r.durationMin = Integer.parseInt(m.group(1));
    } else if ((m = ACTIVE.matcher(text)).matches()) {
      r.activeVus = Integer.parseInt(m.group(1));
    } else if ((m = ACTIVE_ASYNC.matcher(text)).matches()) {
      // event-driven scaling: the VU count stays the thread-count key, the sessions are a property
      r.activeVus = Integer.parseInt(m.group(1));
      r.asyncClients = Integer.parseInt(m.group(2));
      r.sessions = Integer.parseInt(m.group(3));
    } else if (text.startsWith("WARNING:Timing Data Incomplete")) {
      r.property("Timing data", "incomplete");
    } else if ((m = REPORTED.matcher(text)).matches()) {
      r.property(
          "Timing data",
          "incomplete: " + m.group(1) + " out of " + m.group(2) + " virtual users reported");
    } else if (text.startsWith("ERROR:Timing Gather Timed Out")) {
      r.property("Timing data", "none: " + text.substring("ERROR:".length()));
    } else if ((m = CLIENT_TPM.matcher(text)).matches()) {
      boolean incomplete = m.group(1).startsWith("WARNING");
      r.property("Client side TPM", (incomplete ? "incomplete: " : "") + m.group(2));
    } else if (text.startsWith("error, failed to query")) {
      r.failure = r.failure != null ? r.failure : "monitor: " + text;
    } else if (text.startsWith("Operating in Replica Mode")) {
      r.failure = r.failure != null ? r.failure : "replica instance: no snapshots, no result";
    } else {
      return false;
    }
    return true;
  }
}
