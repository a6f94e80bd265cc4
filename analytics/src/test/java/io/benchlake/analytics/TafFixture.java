package io.benchlake.analytics;

import io.benchlake.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The parts of a TAF comparison report the statistics tests need: datasets and metric tables. */
record TafFixture(
    List<String> lines,
    List<String> datasets,
    Map<Integer, Map<String, List<String>>> metricTables) {

  static TafFixture read(String name) throws IOException {
    List<String> lines = Files.readAllLines(Fixtures.path("taf-report", name));
    List<String> datasets = null;
    Map<Integer, Map<String, List<String>>> tables = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (datasets == null && line.startsWith("Threads\t")) {
        datasets = List.of(line.substring("Threads\t".length()).split("\t", -1));
      }
      if (line.startsWith("Thread Count: ")) {
        int threads = Integer.parseInt(line.substring("Thread Count: ".length()).trim());
        Map<String, List<String>> rows = new LinkedHashMap<>();
        int j = i + 2; // the Metric header follows a blank line
        for (j = j + 1; j < lines.size() && !lines.get(j).isBlank(); j++) {
          String[] cells = lines.get(j).split("\t", -1);
          rows.put(cells[0], Arrays.asList(cells).subList(1, cells.length));
        }
        tables.put(threads, rows);
      }
    }
    return new TafFixture(lines, datasets, tables);
  }

  /** The iteration values of a dataset at a thread count, in run order. */
  List<Double> iterations(int threads, int dataset) {
    List<Double> values = new ArrayList<>();
    metricTables
        .get(threads)
        .forEach(
            (name, cells) -> {
              if (name.startsWith("Iteration ")
                  && dataset < cells.size()
                  && !cells.get(dataset).isBlank()) {
                values.add(Double.parseDouble(cells.get(dataset)));
              }
            });
    return values;
  }

  /** The lines of the report from {@code startsWith} up to the next blank line after a table. */
  List<String> section(String first) {
    int start = lines.indexOf(first);
    List<String> out = new ArrayList<>();
    int tableEnds = 0;
    for (int i = start; i < lines.size(); i++) {
      String l = lines.get(i);
      out.add(l);
      if (l.contains("\t") && (i + 1 == lines.size() || lines.get(i + 1).isBlank())) {
        break;
      }
    }
    return out;
  }
}
