package io.benchlake.importers.benchbase;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * BenchBase's CSV outputs (ResultWriter): the per-second {@code *.samples.csv} (latencies in
 * microseconds) and the per-window {@code *.results.csv} and {@code *.results.<Tx>.csv} (latencies
 * in milliseconds). A window without requests has every latency -1 (-0.001 ms), read as none. A
 * file written under a locale with a decimal comma ({@code 12,500}) splits each decimal column in
 * two; such rows are joined back.
 */
public final class BenchbaseCsv {
  private BenchbaseCsv() {}

  /** One second (or window) of {@code *.samples.csv}; latencies in µs, null for an empty one. */
  public record SecondSample(
      int line, long timeS, long requests, double throughput, Long avgUs, Long p95Us, Long maxUs) {}

  /** One window of a {@code *.results*.csv}; latencies in ms, null for an empty one. */
  public record Window(
      int line, long timeS, double throughput, Double avgMs, Double minMs, Double maxMs) {}

  /**
   * The samples' columns: the second, its requests and throughput, then the summary's latencies.
   */
  static final String[] SAMPLE_HEADER =
      Stream.concat(
              Stream.of("Time (seconds)", "Requests", BenchbaseSummary.THROUGHPUT),
              Arrays.stream(BenchbaseSummary.LATENCY_KEYS))
          .toArray(String[]::new);

  static final String[] WINDOW_HEADER = {
    "Time (seconds)",
    "Throughput (requests/second)",
    "Average Latency (millisecond)",
    "Minimum Latency (millisecond)",
    "25th Percentile Latency (millisecond)",
    "Median Latency (millisecond)",
    "75th Percentile Latency (millisecond)",
    "90th Percentile Latency (millisecond)",
    "95th Percentile Latency (millisecond)",
    "99th Percentile Latency (millisecond)",
    "Maximum Latency (millisecond)",
    "tp (req/s) scaled"
  };

  /** Columns printed with a decimal point (%.3f): in samples, the throughput. */
  private static final boolean[] SAMPLE_DECIMAL = decimals(SAMPLE_HEADER.length, 2);

  /** In results, every column but the time; the last (1000 / avg) is not read. */
  private static final boolean[] WINDOW_DECIMAL =
      decimals(WINDOW_HEADER.length, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11);

  public static List<SecondSample> samples(SourceFile file) {
    List<String[]> rows = rows(file, SAMPLE_HEADER, SAMPLE_DECIMAL, "a BenchBase samples file");
    List<SecondSample> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      int line = i + 2;
      Cells c = new Cells(file, line, SAMPLE_HEADER);
      long requests = c.whole(r, 1);
      double throughput = c.decimal(r, 2);
      long[] lat = new long[9];
      for (int k = 0; k < 9; k++) {
        lat[k] = c.latency(r, 3 + k);
      }
      boolean empty = Arrays.stream(lat).allMatch(v -> v == -1);
      if (!empty && Arrays.stream(lat).anyMatch(v -> v < 0)) {
        throw file.error(line - 1, "a latency of -1 µs in a window with requests");
      }
      out.add(
          new SecondSample(
              line,
              c.whole(r, 0),
              requests,
              throughput,
              empty ? null : lat[3],
              empty ? null : lat[6],
              empty ? null : lat[8]));
    }
    // every BenchBase writes its samples a second apart (ResultWriter.writeSamples(1, …))
    requireEvenTimes(file, out.stream().map(s -> new long[] {s.line(), s.timeS()}).toList(), 1L);
    return out;
  }

  public static List<Window> windows(SourceFile file) {
    List<String[]> rows = rows(file, WINDOW_HEADER, WINDOW_DECIMAL, "a BenchBase results file");
    List<Window> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      int line = i + 2;
      Cells c = new Cells(file, line, WINDOW_HEADER);
      double avg = c.signedDecimal(r, 2);
      double min = c.signedDecimal(r, 3);
      double max = c.signedDecimal(r, 10);
      boolean empty = avg < 0 && min < 0 && max < 0;
      if (!empty && (avg < 0 || min < 0 || max < 0)) {
        throw file.error(line - 1, "a negative latency in a window with requests");
      }
      out.add(
          new Window(
              line,
              c.whole(r, 0),
              c.decimal(r, 1),
              empty ? null : avg,
              empty ? null : min,
              empty ? null : max));
    }
    requireEvenTimes(file, out.stream().map(w -> new long[] {w.line(), w.timeS()}).toList(), null);
    return out;
  }

  /** The window's length: the second row's time (BenchBase's rows are at 0, w, 2w, …). */
  static Integer windowS(List<Long> times) {
    return times.size() < 2 ? null : (int) (times.get(1) - times.get(0));
  }

  /**
   * Rows are at 0, w, 2w, … with w ≥ 1 ({@code window}, else the second row's time): BenchBase
   * numbers its windows so.
   */
  private static void requireEvenTimes(SourceFile file, List<long[]> lineAndTime, Long window) {
    if (lineAndTime.isEmpty()) {
      return;
    }
    if (lineAndTime.get(0)[1] != 0) {
      throw file.error(
          (int) lineAndTime.get(0)[0] - 1,
          "the first window is at 0 s, this one at " + lineAndTime.get(0)[1]);
    }
    long w = window != null ? window : lineAndTime.size() < 2 ? 1 : lineAndTime.get(1)[1];
    for (int i = 0; i < lineAndTime.size(); i++) {
      long[] lt = lineAndTime.get(i);
      if (w < 1 || lt[1] != i * w) {
        throw file.error(
            (int) lt[0] - 1,
            "time " + lt[1] + " s; expected " + Math.max(1, w) * i + " (windows of " + w + " s)");
      }
    }
  }

  private static boolean[] decimals(int n, int... columns) {
    boolean[] out = new boolean[n];
    for (int c : columns) {
      out[c] = true;
    }
    return out;
  }

  /** The data rows, split, after the header is checked; decimal-comma rows joined back. */
  private static List<String[]> rows(
      SourceFile file, String[] header, boolean[] decimal, String what) {
    List<String> lines = file.lines();
    if (lines.isEmpty() || lines.get(0).isBlank()) {
      throw file.error(0, "empty; expected " + what + " with the header " + header[0] + ",…");
    }
    String[] found = lines.get(0).strip().split(",", -1);
    if (!Arrays.equals(trimmed(found), header)) {
      throw file.error(0, "expected " + what + "'s header '" + String.join(",", header) + "'");
    }
    int extra = 0;
    for (boolean d : decimal) {
      extra += d ? 1 : 0;
    }
    List<String[]> out = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty()) {
        if (lines.subList(i, lines.size()).stream().allMatch(String::isBlank)) {
          break;
        }
        throw file.error(i, "an empty line among the rows");
      }
      String[] cells = line.split(",", -1);
      if (cells.length == header.length + extra) {
        cells = joinDecimalCommas(cells, decimal);
      }
      if (cells == null || cells.length != header.length) {
        throw file.error(
            i,
            "expected "
                + header.length
                + " comma-separated values ("
                + header[0]
                + " … "
                + header[header.length - 1]
                + "), found "
                + line.split(",", -1).length);
      }
      out.add(cells);
    }
    if (!file.endsWithNewline() && !out.isEmpty()) {
      throw file.error(lines.size() - 1, "the last row is cut off (no line end): a torn file");
    }
    return out;
  }

  /** "12,500" was 12.500 where each decimal column printed as two; null when it does not fit. */
  private static String[] joinDecimalCommas(String[] cells, boolean[] decimal) {
    List<String> out = new ArrayList<>();
    int at = 0;
    for (boolean d : decimal) {
      if (d) {
        if (!cells[at + 1].matches("\\d{3}")) {
          return null;
        }
        out.add(cells[at] + "." + cells[at + 1]);
        at += 2;
      } else {
        out.add(cells[at++]);
      }
    }
    return out.toArray(String[]::new);
  }

  private static String[] trimmed(String[] cells) {
    return Arrays.stream(cells).map(String::strip).toArray(String[]::new);
  }

  /** Reads one row's cells, refusing a wrong one at file:line with its column's name. */
  private record Cells(SourceFile file, int line, String[] header) {
    long whole(String[] r, int col) {
      try {
        long v = Long.parseLong(r[col].strip());
        if (v >= 0) {
          return v;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      throw wrong(r, col, "a whole number, 0 or more");
    }

    long latency(String[] r, int col) {
      try {
        long v = Long.parseLong(r[col].strip());
        if (v >= -1 && v <= 1e13) {
          return v;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      throw wrong(r, col, "microseconds, a whole number (-1: no requests)");
    }

    double decimal(String[] r, int col) {
      double v = signedDecimal(r, col);
      if (v < 0 || v > 1e9) {
        throw wrong(r, col, "a rate from 0 to 10^9 per second");
      }
      return v;
    }

    double signedDecimal(String[] r, int col) {
      try {
        double v = Double.parseDouble(r[col].strip());
        if (Double.isFinite(v) && v >= -1 && v <= 1e10) {
          return v;
        }
      } catch (NumberFormatException e) {
        // refused below
      }
      throw wrong(r, col, "a number");
    }

    private BadInputException wrong(String[] r, int col, String expected) {
      return file.error(
          line - 1, "'" + header[col] + "' is '" + r[col].strip() + "'; expected " + expected);
    }
  }
}
