package io.benchlake.analytics.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.changepoints.Detector;
import io.benchlake.changepoints.Method;
import io.benchlake.changepoints.SyntheticHistories;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ChangesReportTest {
  /** 120 runs every 3 days: a step of -8% at run 61, a bad run at 30, then a drift of +10%. */
  private static ChangesQuery.Result history(Method method) {
    List<double[]> points =
        SyntheticHistories.series(
            11, 120, 0.005, i -> i == 30 ? 700 : i < 60 ? 1000 : 920 * (1 + 0.10 * (i - 60) / 59));
    Detector.Result found =
        method == Method.OTAVA
            ? ChangesQuery.otava(points, 0.001)
            : Detector.detect(points, Detector.Settings.DEFAULTS);
    return result(points, method, found);
  }

  /** The result of a history of runs every 3 days, each its own version and dataset. */
  static ChangesQuery.Result result(List<double[]> points, Method method, Detector.Result found) {
    List<ChangesQuery.Run> runs = new ArrayList<>();
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    for (int i = 0; i < points.size(); i++) {
      runs.add(
          new ChangesQuery.Run(
              "run" + i,
              start.plus(3L * i, ChronoUnit.DAYS).toString(),
              "11.4." + i,
              "d" + i,
              points.get(i)));
    }
    return new ChangesQuery.Result(
        "OLTP_RW", 8, "TPS", "time", "h1", runs, method, "params", found);
  }

  @Test
  void aReplacedConfigAndAChangedToolAreMarkersInTextAndJsonAndAnUnknownConfigIsNone()
      throws Exception {
    List<double[]> points = SyntheticHistories.series(3, 6, 0.005, i -> 1000);
    ChangesQuery.Result plain =
        result(points, Method.SEGMENTS, Detector.detect(points, Detector.Settings.DEFAULTS));
    String[] configs = {"aaaa1111", null, "aaaa1111", "bbbb2222", null, "bbbb2222"};
    String[] tools = {
      "import:sysbench", "import:sysbench", null, "import:sysbench", "loadgen", "loadgen"
    };
    List<ChangesQuery.Run> runs = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      ChangesQuery.Run r = plain.runs().get(i);
      runs.add(
          new ChangesQuery.Run(
              r.runId(),
              r.startedAt(),
              r.version(),
              r.dataset(),
              configs[i],
              tools[i],
              r.values()));
    }
    ChangesQuery.Result r =
        new ChangesQuery.Result(
            "OLTP_RW", 8, "TPS", "time", "h1", runs, Method.SEGMENTS, "params", plain.found());
    String text = ChangesReport.text(r);
    assertTrue(
        text.contains(
            "Marker: point 4 (run run3, 2026-01-10T00:00:00Z): config aaaa1111 -> bbbb2222\n"
                + "Marker: point 5 (run run4, 2026-01-13T00:00:00Z): tool import:sysbench -> loadgen\n"),
        text);
    assertEquals(2, text.lines().filter(l -> l.startsWith("Marker: ")).count(), text);
    JsonNode j = new ObjectMapper().readTree(ChangesReport.json(r));
    assertEquals(2, j.get("markers").size());
    assertEquals(4, j.get("markers").get(0).get("point").asInt());
    assertEquals("run3", j.get("markers").get(0).get("run_id").asText());
    assertEquals("config aaaa1111 -> bbbb2222", j.get("markers").get(0).get("marker").asText());
    assertEquals(0, new ObjectMapper().readTree(ChangesReport.json(plain)).get("markers").size());
  }

  @Test
  void everyChangeComesWithItsEvidenceInJson() throws Exception {
    JsonNode j = new ObjectMapper().readTree(ChangesReport.json(history(Method.SEGMENTS)));
    assertEquals("segments", j.get("method").asText());
    assertTrue(j.get("noise").asDouble() > 0);
    assertEquals(1, j.get("changes").size(), j.toPrettyString());
    JsonNode c = j.get("changes").get(0);
    assertEquals(61, c.get("point").asInt(), 1);
    assertEquals(-8, c.get("change_pct").asDouble(), 1);
    assertTrue(c.get("ci_low_pct").asDouble() < c.get("change_pct").asDouble());
    assertTrue(c.get("ci_high_pct").asDouble() > c.get("change_pct").asDouble());
    assertTrue(c.get("p_value").asDouble() < 1e-4);
    assertEquals(1, c.get("points_from").asInt());
    assertEquals(120, c.get("points_to").asInt());
    assertEquals(31, j.get("outliers").get(0).get("point").asInt());
    JsonNode t = j.get("trends").get(0);
    // +10% over 59 runs 3 days apart: about 1.6% of the mean level per month
    assertEquals(1.6, t.get("pct_per_month").asDouble(), 0.3);
    assertTrue(j.get("season").isNull());
  }

  @Test
  void theNoiseSaysWhereItWasTakenFromInTimeOrderAndByRelease() {
    ChangesQuery.Result inTime = history(Method.SEGMENTS);
    ChangesQuery.Result byRelease =
        new ChangesQuery.Result(
            inTime.test(),
            inTime.threads(),
            inTime.metric(),
            "release",
            inTime.host(),
            inTime.runs(),
            inTime.method(),
            inTime.parameters(),
            inTime.found());
    assertTrue(
        ChangesReport.text(inTime).contains("(MAD of the first differences of the run means;"));
    assertTrue(
        ChangesReport.text(byRelease)
            .contains("(MAD of the differences between runs of one release, or of all"));
  }

  @Test
  void textAndMarkdownSayTheMethodTheNoiseTheTrendAndTheOutlier() {
    for (String out :
        List.of(
            ChangesReport.text(history(Method.SEGMENTS)),
            ChangesReport.markdown(history(Method.SEGMENTS)))) {
      assertTrue(out.contains("Method: segments (params)"), out);
      assertTrue(out.contains("Noise: run-to-run sigma"), out);
      assertTrue(out.contains("Trend: points 61-120, +1."), out);
      assertTrue(out.contains("% per month"), out);
      assertTrue(out.contains("Outlier: point 31 (run run30"), out);
      assertTrue(out.contains("95% CI (%)"), out);
    }
  }

  @Test
  void otavasChangesHaveNoIntervalButKeepTheirPValues() throws Exception {
    JsonNode j = new ObjectMapper().readTree(ChangesReport.json(history(Method.OTAVA)));
    assertEquals("otava", j.get("method").asText());
    assertTrue(j.get("noise").isNull());
    assertTrue(j.get("changes").size() >= 1);
    for (JsonNode c : j.get("changes")) {
      assertTrue(c.get("ci_low_pct").isNull());
      assertTrue(c.get("p_value").asDouble() < 0.001);
    }
  }

  @Test
  void theReportNamesTheTestOfEachChange() {
    for (long seed = 1; seed <= 100; seed++) {
      List<double[]> points = SyntheticHistories.series(seed, 28, 0.01, i -> i < 14 ? 1000 : 1030);
      Detector.Result r = Detector.detect(points, Detector.Settings.DEFAULTS);
      if (r.changes().stream().anyMatch(c -> c.test() == Detector.Test.STEP_IN_SEGMENT)) {
        String text = ChangesReport.text(result(points, Method.SEGMENTS, r));
        assertTrue(text.contains("\tstep-in-segment, autocorrelation 0."), text);
        assertTrue(text.contains("Test step-in-segment: z-test of a step inside a segment"), text);
        return;
      }
    }
    throw new AssertionError("no step found inside a segment in 100 histories");
  }

  @Test
  void changesByReleaseAreLookedForBetweenTheReleasesOfTheRunsVersions() {
    List<double[]> points = SyntheticHistories.series(2, 20, 0.01, i -> i < 18 ? 1000 : 920);
    List<ChangesQuery.Run> runs = new ArrayList<>();
    for (int i = 0; i < points.size(); i++) {
      String version = "8.0." + Math.min(i / 3, 6);
      runs.add(new ChangesQuery.Run("r" + i, "", version, "d", points.get(i)));
    }
    ChangesQuery.History history = new ChangesQuery.History("OLTP_RW", "h1", runs, List.of());
    ChangesQuery.Options options =
        new ChangesQuery.Options(Method.SEGMENTS, Method.SEGMENTS.defaultAlpha(), 0.02);
    ChangesQuery.Result byRelease =
        ChangesQuery.analyse(
            new ChangesQuery.Series("OLTP_RW", 8, "TPS", "release", Optional.empty()),
            history,
            options);
    assertEquals(List.of(18), indices(byRelease.found()));
    assertTrue(
        byRelease.parameters().endsWith(", changes between releases only (7 releases)"),
        byRelease.parameters());
    // no penalty per change between releases (the re-check decides), not MBIC's
    assertTrue(
        byRelease.parameters().startsWith("no penalty between releases (12 per change within"),
        byRelease.parameters());
    assertTrue(ChangesReport.text(byRelease).contains("changes between releases only"));
    // 20 runs in 7 releases: 13 differences within releases, the test's noise taken there
    assertTrue(
        ChangesReport.text(byRelease)
            .contains("takes the spread of the runs around their release's level"));
    ChangesQuery.Result byTime =
        ChangesQuery.analyse(
            new ChangesQuery.Series("OLTP_RW", 8, "TPS", "time", Optional.empty()),
            history,
            options);
    assertEquals(Detector.Settings.DEFAULTS.toString(), byTime.parameters());
    assertFalse(indices(byTime.found()).contains(18), indices(byTime.found()).toString());
  }

  private static List<Integer> indices(Detector.Result r) {
    return r.changes().stream().map(Detector.Change::index).toList();
  }
}
