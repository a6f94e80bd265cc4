package io.benchlake.alerts;

import io.benchlake.schemas.Alert;
import io.benchlake.schemas.EventIds;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns one series' findings into alert events against the alerts it already has (pure): a finding
 * of a kind and direction within a few runs of an active alert of the same is that alert ({@code
 * moved} when its place changed, nothing when not); an active change, trend or outlier alert no
 * finding matches any more has {@code vanished}; any other finding is {@code raised} under an id
 * fixed from then on, {@code backfill} when it is located before the series' end as it was before
 * the commit, else {@code untriaged}.
 */
public final class AlertIdentity {
  /** The kinds the detector looks for over the whole history each time: they can vanish. */
  private static final Set<Alert.Kind> WHOLE_HISTORY =
      Set.of(Alert.Kind.change, Alert.Kind.trend, Alert.Kind.outlier);

  private AlertIdentity() {}

  /** What one evaluation knows besides the series: its commit, its time, and the thresholds. */
  public record Evaluation(long commit, Instant now, AlertSettings settings) {}

  public static List<Alert> reconcile(
      SeriesKey key,
      List<SeriesPoint> points,
      List<Finding> findings,
      List<KnownAlert> known,
      Evaluation at) {
    Map<String, Integer> indexOf = new HashMap<>();
    for (int i = 0; i < points.size(); i++) {
      indexOf.put(points.get(i).runId(), i);
    }
    int freshFrom = freshFrom(points, at.settings().detector().minSegment());
    Set<String> matched = new HashSet<>();
    Set<String> knownIds = new HashSet<>();
    known.forEach(k -> knownIds.add(k.alertId()));
    List<Alert> events = new ArrayList<>();
    for (Finding f : findings) {
      KnownAlert same = match(f, known, indexOf, matched, at.settings().fewRuns());
      if (same != null) {
        matched.add(same.alertId());
        if (!same.locatedRunId().equals(f.locatedRunId())) {
          events.add(event(same.alertId(), same.raisedAt(), Alert.Change.moved, key, f, at, null));
        }
        continue;
      }
      String id = idOf(key, f);
      KnownAlert earlier =
          known.stream().filter(k -> k.alertId().equals(id)).findFirst().orElse(null);
      if (earlier != null) {
        // the same finding came back after it vanished: the same alert, where it was
        matched.add(id);
        events.add(event(id, earlier.raisedAt(), Alert.Change.moved, key, f, at, "found again"));
        continue;
      }
      if (knownIds.add(id)) {
        String state = f.index() >= freshFrom ? "untriaged" : "backfill";
        events.add(raised(id, key, f, at, state));
      }
    }
    for (KnownAlert k : known) {
      if (k.active() && WHOLE_HISTORY.contains(k.kind()) && !matched.contains(k.alertId())) {
        events.add(vanished(k, key, points, at));
      }
    }
    return events;
  }

  /**
   * The first index a finding may be at to be new: the series' points up to its last point before
   * the commit, less the points a change needs after it (it could not be placed before); a series
   * the commit brought whole is history, every finding in it back-filled.
   */
  static int freshFrom(List<SeriesPoint> points, int minSegment) {
    Instant end = null;
    for (SeriesPoint p : points) {
      if (!p.fresh() && (end == null || p.startedAt().isAfter(end))) {
        end = p.startedAt();
      }
    }
    if (end == null) {
      return points.size();
    }
    int known = 0;
    for (SeriesPoint p : points) {
      if (!p.startedAt().isAfter(end)) {
        known++;
      }
    }
    return known - (minSegment - 1);
  }

  private static KnownAlert match(
      Finding f,
      List<KnownAlert> known,
      Map<String, Integer> indexOf,
      Set<String> matched,
      int fewRuns) {
    KnownAlert best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (KnownAlert k : known) {
      if (!k.active()
          || matched.contains(k.alertId())
          || k.kind() != f.kind()
          || !k.direction().equals(f.direction())) {
        continue;
      }
      Integer at = indexOf.get(k.locatedRunId());
      if (at == null) {
        continue;
      }
      int distance = Math.abs(at - f.index());
      int reach = f.kind() == Alert.Kind.outlier || f.kind() == Alert.Kind.unstable ? 0 : fewRuns;
      if (distance <= reach && distance < bestDistance) {
        best = k;
        bestDistance = distance;
      }
    }
    return best;
  }

  /** An alert's id: the series, kind, direction and the run it was first located at. */
  static String idOf(SeriesKey key, Finding f) {
    return "a"
        + sha256(
                key.test()
                    + "\n"
                    + key.metric()
                    + "\n"
                    + key.threads()
                    + "\n"
                    + key.testbed()
                    + "\n"
                    + f.kind()
                    + "\n"
                    + f.direction()
                    + "\n"
                    + f.locatedRunId())
            .substring(0, 11);
  }

  /** A summary's id: the evaluating commit and the versions compared. */
  static String summaryIdOf(long commit, String label) {
    return "s" + sha256(commit + "\n" + label).substring(0, 9);
  }

  private static Alert raised(
      String id, SeriesKey key, Finding f, Evaluation at, String initialState) {
    return new Alert(
        null,
        eventId(id, Alert.Change.raised, at.commit()),
        id,
        at.now(),
        at.now(),
        Alert.Change.raised,
        f.kind(),
        f.direction(),
        key.test(),
        key.metric(),
        key.threads(),
        key.testbed(),
        initialState,
        f.locatedRunId(),
        f.locatedAt(),
        summaryIdOf(at.commit(), f.summaryLabel()),
        f.summaryLabel(),
        at.commit(),
        f.why(),
        f.provenance());
  }

  private static Alert event(
      String id,
      Instant raisedAt,
      Alert.Change change,
      SeriesKey key,
      Finding f,
      Evaluation at,
      String why) {
    return new Alert(
        null,
        eventId(id, change, at.commit()),
        id,
        at.now(),
        raisedAt,
        change,
        f.kind(),
        f.direction(),
        key.test(),
        key.metric(),
        key.threads(),
        key.testbed(),
        null,
        f.locatedRunId(),
        f.locatedAt(),
        null,
        null,
        at.commit(),
        why,
        f.provenance());
  }

  private static Alert vanished(
      KnownAlert k, SeriesKey key, List<SeriesPoint> points, Evaluation at) {
    SeriesPoint where =
        points.stream().filter(p -> p.runId().equals(k.locatedRunId())).findFirst().orElse(null);
    String why =
        where == null
            ? "its run " + k.locatedRunId() + " is no longer in the series"
            : "no longer significant: the detector finds no "
                + k.direction()
                + " "
                + k.kind()
                + " within "
                + at.settings().fewRuns()
                + " runs of run "
                + k.locatedRunId()
                + " in the "
                + points.size()
                + " runs of the series at commit "
                + at.commit();
    Alert.Provenance p =
        new Alert.Provenance(
            "segments",
            at.settings().detector().toString(),
            List.of(),
            List.of(),
            points.isEmpty() ? null : points.get(0).startedAt(),
            points.isEmpty() ? null : points.get(points.size() - 1).startedAt(),
            0,
            null,
            null,
            null,
            null,
            null,
            null,
            List.of());
    return new Alert(
        null,
        eventId(k.alertId(), Alert.Change.vanished, at.commit()),
        k.alertId(),
        at.now(),
        k.raisedAt(),
        Alert.Change.vanished,
        k.kind(),
        k.direction(),
        key.test(),
        key.metric(),
        key.threads(),
        key.testbed(),
        null,
        k.locatedRunId(),
        where == null ? at.now() : where.startedAt(),
        null,
        null,
        at.commit(),
        why,
        p);
  }

  /** An event's own id: the alert, what happened, the evaluating commit, and a unique tail. */
  static String eventId(String alertId, Alert.Change change, long commit) {
    return alertId + "/" + change + "/c" + commit + "/" + EventIds.random().substring(0, 8);
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
