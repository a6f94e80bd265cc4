import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.changepoints.ChangeScore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * bench/changes-real's measurement: the detectors of bench/changes ({@link
 * ChangesHarness#detectors}) on real, hand-labelled series in the format of the TCPD benchmark (van
 * den Burg and Williams 2020): a directory of dataset files ({"name", "n_obs", "time", "series":
 * [{"label", "type", "raw": [...]}]}) and the benchmark's annotations ({dataset: {annotator:
 * [indices]}}), each series scored as TCPD scores a detector (ChangeScore: F1 with a margin of 5
 * points, every annotator's labels, point 0 counted as a change).
 *
 * <p>Only univariate datasets (one series) are scored; the others are named as skipped. Missing
 * values (null or "NaN" in raw) are left out of the history the detector sees, and its change points
 * are mapped back to the indices of the whole series, where the labels are.
 *
 * <p>Arguments: DIR [ANNOTATIONS [SETTINGS...]]; ANNOTATIONS defaults to DIR/annotations.json,
 * SETTINGS are further settings of the default detector, as bench/changes takes them.
 */
public class ChangesReal {
  /** One series: its points (one value each) and, for each, its index in the file's series. */
  record Dataset(String name, List<double[]> points, int[] index, int length, int missing) {}

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      fail("usage: ChangesReal DIR [ANNOTATIONS [SETTINGS...]]");
    }
    Path dir = Path.of(args[0]);
    Path annotationsFile = args.length > 1 ? Path.of(args[1]) : dir.resolve("annotations.json");
    if (!Files.isDirectory(dir)) {
      fail(dir + ": not a directory (expected the TCPD dataset files)");
    }
    JsonNode annotations = read(annotationsFile);
    List<Dataset> datasets = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files =
          s.filter(p -> p.toString().endsWith(".json"))
              .filter(p -> !p.toAbsolutePath().equals(annotationsFile.toAbsolutePath()))
              .sorted()
              .toList();
    }
    for (Path f : files) {
      JsonNode root = read(f);
      JsonNode series = root.path("series");
      String name = root.path("name").asText(f.getFileName().toString());
      if (!series.isArray() || series.isEmpty()) {
        fail(f + ": no \"series\" array (expected a TCPD dataset file)");
      }
      if (series.size() != 1) {
        skipped.add(name + " (" + series.size() + " series)");
        continue;
      }
      datasets.add(dataset(f, name, series.get(0).path("raw")));
    }
    if (datasets.isEmpty()) {
      fail(dir + ": no univariate TCPD dataset file (*.json with one series)");
    }
    Map<String, Function<List<double[]>, List<Integer>>> detectors =
        ChangesHarness.detectors(args, 2);
    System.out.printf(
        Locale.ROOT,
        "bench/changes-real: %d univariate series from %s, labels from %s%n",
        datasets.size(),
        dir,
        annotationsFile);
    if (!skipped.isEmpty()) {
      System.out.println("skipped (not univariate): " + String.join(", ", skipped));
    }
    datasets.stream()
        .filter(d -> d.missing() > 0)
        .forEach(
            d ->
                System.out.printf(
                    Locale.ROOT,
                    "%s: %d missing values left out; changes mapped back to the series' indices%n",
                    d.name(),
                    d.missing()));
    StringBuilder head =
        new StringBuilder(String.format(Locale.ROOT, "%-20s %5s %4s", "series", "n", "ann"));
    for (String d : detectors.keySet()) {
      head.append(String.format(Locale.ROOT, " | %-24s", shortName(d) + " F1/P/R (k)"));
    }
    System.out.println();
    System.out.println(head);
    Map<String, double[]> totals = new LinkedHashMap<>();
    for (Dataset d : datasets) {
      List<List<Integer>> labels = labels(annotations, d.name(), annotationsFile);
      StringBuilder line =
          new StringBuilder(
              String.format(Locale.ROOT, "%-20s %5d %4d", d.name(), d.length(), labels.size()));
      for (var e : detectors.entrySet()) {
        List<Integer> found =
            e.getValue().apply(d.points()).stream().map(k -> d.index()[k]).toList();
        ChangeScore.Score s = ChangeScore.of(labels, found, 5);
        double[] t = totals.computeIfAbsent(e.getKey(), k -> new double[4]);
        t[0] += s.f1();
        t[1] += s.precision();
        t[2] += s.recall();
        t[3] += found.size();
        line.append(
            String.format(
                Locale.ROOT,
                " | %.3f/%.3f/%.3f (%3d)   ",
                s.f1(),
                s.precision(),
                s.recall(),
                found.size()));
      }
      System.out.println(line);
    }
    System.out.println();
    System.out.printf(Locale.ROOT, "mean over the %d series:%n", datasets.size());
    System.out.printf(
        Locale.ROOT,
        "%-40s %8s %10s %8s %9s%n",
        "detector",
        "mean F1",
        "precision",
        "recall",
        "reported");
    for (var e : totals.entrySet()) {
      double[] t = e.getValue();
      int n = datasets.size();
      System.out.printf(
          Locale.ROOT,
          "%-40s %8.3f %10.3f %8.3f %9d%n",
          e.getKey(),
          t[0] / n,
          t[1] / n,
          t[2] / n,
          (long) t[3]);
    }
  }

  /** The points of one series, missing values left out (their indices kept for the mapping). */
  static Dataset dataset(Path file, String name, JsonNode raw) {
    if (!raw.isArray() || raw.isEmpty()) {
      fail(file + ": series 1 of " + name + " has no \"raw\" values");
    }
    List<double[]> points = new ArrayList<>();
    int[] index = new int[raw.size()];
    int missing = 0;
    for (int i = 0; i < raw.size(); i++) {
      JsonNode v = raw.get(i);
      double x;
      if (v.isNull() || (v.isTextual() && v.asText().equalsIgnoreCase("nan"))) {
        missing++;
        continue;
      } else if (v.isNumber()) {
        x = v.asDouble();
      } else {
        fail(file + ": value " + i + " of " + name + " is " + v + ", expected a number or null");
        return null;
      }
      index[points.size()] = i;
      points.add(new double[] {x});
    }
    return new Dataset(name, points, index, raw.size(), missing);
  }

  /** Every annotator's labels of one dataset. */
  static List<List<Integer>> labels(JsonNode annotations, String name, Path file) {
    JsonNode byAnnotator = annotations.get(name);
    if (byAnnotator == null || !byAnnotator.isObject() || byAnnotator.isEmpty()) {
      fail(file + ": no annotations for dataset " + name);
    }
    List<List<Integer>> labels = new ArrayList<>();
    for (Map.Entry<String, JsonNode> annotator : byAnnotator.properties()) {
      List<Integer> l = new ArrayList<>();
      annotator.getValue().forEach(x -> l.add(x.asInt()));
      labels.add(l);
    }
    return labels;
  }

  private static String shortName(String detector) {
    return detector.split(" ")[0];
  }

  private static JsonNode read(Path f) {
    try {
      return new ObjectMapper().readTree(f.toFile());
    } catch (JsonProcessingException e) {
      fail(f + ":" + e.getLocation().getLineNr() + ": not JSON: " + e.getOriginalMessage());
    } catch (IOException e) {
      fail(f + ": cannot be read: " + e.getMessage());
    }
    return null;
  }

  private static void fail(String message) {
    System.err.println("bench/changes-real: " + message);
    System.exit(2);
  }
}
