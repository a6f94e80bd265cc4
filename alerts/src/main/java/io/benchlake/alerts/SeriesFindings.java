package io.benchlake.alerts;

import io.benchlake.analytics.regress.Regressions;
import io.benchlake.analytics.regress.Verdict;
import io.benchlake.changepoints.Detector;
import io.benchlake.changepoints.SeriesAnalysis;
import io.benchlake.schemas.Alert;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The findings in one series' history (pure): the default change detector's changes, trends and
 * outliers, and each newly seen server version against the previous release of the series with the
 * regression test.
 */
public final class SeriesFindings {
  private SeriesFindings() {}

  /**
   * The detector's result over the points, analysed incrementally when the fresh points are all at
   * the end: the history before them first, then the fresh ones appended ({@link
   * SeriesAnalysis#append}, which equals a full recomputation); else the whole history at once.
   */
  public static Detector.Result detect(List<SeriesPoint> points, Detector.Settings settings) {
    int firstFresh = firstFreshAtEnd(points);
    List<double[]> values = points.stream().map(SeriesPoint::values).toList();
    if (firstFresh <= 0 || firstFresh >= points.size()) {
      return SeriesAnalysis.of(values, settings).result();
    }
    SeriesAnalysis a = SeriesAnalysis.of(values.subList(0, firstFresh), settings);
    return a.append(values.subList(firstFresh, values.size()));
  }

  /** Where the fresh points start when every point after it is fresh; -1 when they do not. */
  static int firstFreshAtEnd(List<SeriesPoint> points) {
    int i = points.size();
    while (i > 0 && points.get(i - 1).fresh()) {
      i--;
    }
    for (int j = 0; j < i; j++) {
      if (points.get(j).fresh()) {
        return -1;
      }
    }
    return i;
  }

  /** Every finding in the series. */
  public static List<Finding> of(SeriesKey key, List<SeriesPoint> points, AlertSettings settings) {
    List<Finding> found = new ArrayList<>();
    if (points.isEmpty()) {
      return found;
    }
    Detector.Settings ds = settings.detector();
    Detector.Result r = detect(points, ds);
    boolean higherBetter = Regressions.higherIsBetter(key.metric());
    for (Detector.Change c : r.changes()) {
      Alert.Provenance p =
          new Alert.Provenance(
              "segments: " + c.test().description(),
              ds.toString(),
              runIds(points, c.from(), c.index()),
              runIds(points, c.index(), c.to()),
              points.get(c.from()).startedAt(),
              points.get(c.to() - 1).startedAt(),
              c.changePct(),
              c.ciLowPct(),
              c.ciHighPct(),
              c.pValue(),
              r.noise(),
              c.levelBefore(),
              c.levelAfter(),
              differences(points.get(c.index() - 1), points.get(c.index())));
      found.add(finding(Alert.Kind.change, c.changePct(), higherBetter, points, c.index(), p));
    }
    for (Detector.Trend t : r.trends()) {
      double total = t.pctPerPoint() * (t.to() - t.from() - 1);
      Alert.Provenance p =
          new Alert.Provenance(
              "segments: trend (least-squares line)",
              ds.toString(),
              List.of(),
              runIds(points, t.from(), t.to()),
              points.get(t.from()).startedAt(),
              points.get(t.to() - 1).startedAt(),
              total,
              null,
              null,
              t.pValue(),
              r.noise(),
              points.get(t.from()).mean(),
              points.get(t.to() - 1).mean(),
              differences(points.get(t.from()), points.get(t.to() - 1)));
      found.add(finding(Alert.Kind.trend, total, higherBetter, points, t.from(), p));
    }
    for (Detector.Outlier o : r.outliers()) {
      int i = o.index();
      Alert.Provenance p =
          new Alert.Provenance(
              "segments: outlier beyond " + ds.outlierSigmas() + " sigma of its neighbours",
              ds.toString(),
              runIds(points, Math.max(0, i - 3), i),
              List.of(points.get(i).runId()),
              points.get(Math.max(0, i - 3)).startedAt(),
              points.get(i).startedAt(),
              o.deviationPct(),
              null,
              null,
              null,
              r.noise(),
              o.expected(),
              o.value(),
              i > 0 ? differences(points.get(i - 1), points.get(i)) : List.of());
      found.add(finding(Alert.Kind.outlier, o.deviationPct(), higherBetter, points, i, p));
    }
    found.addAll(newReleases(key, points, settings));
    return found;
  }

  private static Finding finding(
      Alert.Kind kind,
      double pct,
      boolean higherBetter,
      List<SeriesPoint> points,
      int index,
      Alert.Provenance p) {
    SeriesPoint at = points.get(index);
    String before = index > 0 ? points.get(index - 1).version() : null;
    return new Finding(
        kind,
        direction(pct, higherBetter),
        index,
        at.runId(),
        at.startedAt(),
        p,
        label(at.version(), before));
  }

  static String direction(double pct, boolean higherBetter) {
    return (pct > 0) == higherBetter ? "improvement" : "regression";
  }

  /** "12.3.1 vs 12.2.2", or the version alone when it did not change. */
  static String label(String after, String before) {
    String a = after == null ? "unknown version" : Releases.name(after);
    if (before == null || Releases.name(before).equals(a)) {
      return a;
    }
    return a + " vs " + Releases.name(before);
  }

  /** Each version first seen in the fresh points against the previous release before it. */
  private static List<Finding> newReleases(
      SeriesKey key, List<SeriesPoint> points, AlertSettings settings) {
    Set<String> old = new LinkedHashSet<>();
    Set<String> fresh = new LinkedHashSet<>();
    for (SeriesPoint p : points) {
      if (p.version() != null) {
        (p.fresh() ? fresh : old).add(Releases.name(p.version()));
      }
    }
    fresh.removeAll(old);
    List<Finding> found = new ArrayList<>();
    for (String version : fresh) {
      Optional<int[]> release = Releases.of(version);
      if (release.isEmpty()) {
        continue;
      }
      String previous = null;
      int[] best = null;
      for (SeriesPoint p : points) {
        Optional<int[]> r = Releases.of(p.version());
        if (r.isPresent()
            && Releases.ORDER.compare(r.get(), release.get()) < 0
            && (best == null || Releases.ORDER.compare(r.get(), best) > 0)) {
          best = r.get();
          previous = Releases.name(p.version());
        }
      }
      if (previous != null) {
        compare(key, points, previous, version, settings).ifPresent(found::add);
      }
    }
    return found;
  }

  private static Optional<Finding> compare(
      SeriesKey key,
      List<SeriesPoint> points,
      String baseline,
      String candidate,
      AlertSettings settings) {
    List<SeriesPoint> b = ofVersion(points, baseline);
    List<SeriesPoint> c = ofVersion(points, candidate);
    Verdict v =
        Regressions.judge(
            key.test(),
            key.threads(),
            key.metric(),
            side(b),
            side(c),
            settings.regressionThreshold(),
            settings.regressionAlpha());
    if (v.kind() == Verdict.Kind.no_change) {
      return Optional.empty();
    }
    double[] ci = MeanDifference.ci95(side(b).runMeans(), side(c).runMeans(), v.baselineMean());
    SeriesPoint first = c.get(0);
    Alert.Provenance p =
        new Alert.Provenance(
            "regressions: Welch's t-test",
            String.format(
                    Locale.ROOT,
                    "threshold %s%%, alpha %s",
                    settings.regressionThreshold() * 100,
                    settings.regressionAlpha())
                + (v.note().isEmpty() ? "" : "; " + v.note()),
            b.stream().map(SeriesPoint::runId).toList(),
            c.stream().map(SeriesPoint::runId).toList(),
            b.get(0).startedAt(),
            c.get(c.size() - 1).startedAt(),
            v.change() * 100,
            ci == null ? null : ci[0],
            ci == null ? null : ci[1],
            v.pValue(),
            null,
            v.baselineMean(),
            v.candidateMean(),
            differences(b.get(b.size() - 1), first));
    return Optional.of(
        new Finding(
            Alert.Kind.regression,
            v.kind().name(),
            points.indexOf(first),
            first.runId(),
            first.startedAt(),
            p,
            candidate + " vs " + baseline));
  }

  private static List<SeriesPoint> ofVersion(List<SeriesPoint> points, String release) {
    return points.stream()
        .filter(p -> p.version() != null && Releases.name(p.version()).equals(release))
        .toList();
  }

  private static Regressions.Side side(List<SeriesPoint> runs) {
    double[] means = runs.stream().mapToDouble(SeriesPoint::mean).toArray();
    return new Regressions.Side(means, runs.get(runs.size() - 1).values());
  }

  private static List<String> runIds(List<SeriesPoint> points, int from, int to) {
    return points.subList(from, to).stream().map(SeriesPoint::runId).toList();
  }

  /** The differences the points themselves show: version and dataset. */
  static List<String> differences(SeriesPoint before, SeriesPoint after) {
    List<String> d = new ArrayList<>();
    if (before.version() != null
        && after.version() != null
        && !before.version().equals(after.version())) {
      d.add("version " + before.version() + " -> " + after.version());
    }
    if (before.dataset() != null
        && after.dataset() != null
        && !before.dataset().equals(after.dataset())) {
      d.add("dataset " + before.dataset() + " -> " + after.dataset());
    }
    return d;
  }
}
