package io.benchlake.analytics.changes;

import io.benchlake.analytics.report.LeftOut;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every series' history at one commit in one file, written by an ingest at its commit ({@link
 * HistoryRefresh}) so that the first `changes` of any series, asked before or not, reads a few
 * blocks of it instead of starting DuckDB. Laid out to be read in part: a header (format, build,
 * commit), per test a block of its runs and left-out iterations and one block per thread count and
 * metric, then an index of the names that may be typed (with their canonical names) and of the
 * blocks, and the index's offset last. A lookup reads the header, the index, the test's runs and
 * the one series, so its cost does not grow with the number of series or tests kept.
 */
final class CommitHistories {
  private static final int FORMAT = 2;

  private CommitHistories() {}

  /** Where a test's blocks are: its runs block, and the block of each thread count and metric. */
  private record Block(long offset, int length) {}

  private record SeriesBlock(int threads, String metric, Block block) {}

  private record TestBlocks(Block runs, List<SeriesBlock> series) {}

  /** Writes the file a test at a time, then its index: {@link #finish} makes it whole. */
  static final class Writer implements Closeable {
    private final DataOutputStream out;
    private final Map<String, TestBlocks> tests = new LinkedHashMap<>();
    private long written;
    private int series;

    Writer(OutputStream target, String build, String commit) throws IOException {
      this.out = new DataOutputStream(new BufferedOutputStream(target, 1 << 16));
      out.writeInt(FORMAT);
      out.writeUTF(build);
      out.writeUTF(commit);
      written = out.size();
    }

    /** One test's histories, each test once. */
    void add(TestHistories t) throws IOException {
      if (tests.containsKey(t.test())) {
        throw new IllegalArgumentException("test " + t.test() + " written twice");
      }
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      DataOutputStream b = new DataOutputStream(bytes);
      b.writeInt(t.runs().size());
      for (TestHistories.KeptRun run : t.runs()) {
        HistoryCodec.writeRunHead(b, run.head());
        HistoryCodec.writeString(b, run.host());
        b.writeInt(run.releaseRank());
      }
      b.writeInt(t.leftOut().size());
      for (LeftOut l : t.leftOut()) {
        HistoryCodec.writeLeftOut(b, l);
      }
      Block runs = block(bytes);
      List<SeriesBlock> blocks = new ArrayList<>();
      for (TestHistories.Values v : t.series()) {
        bytes.reset();
        b.writeInt(v.runs().length);
        for (int i = 0; i < v.runs().length; i++) {
          b.writeInt(v.runs()[i]);
          HistoryCodec.writeValues(b, v.values()[i]);
        }
        blocks.add(new SeriesBlock(v.threads(), v.metric(), block(bytes)));
      }
      series += blocks.size();
      tests.put(t.test(), new TestBlocks(runs, List.copyOf(blocks)));
    }

    private Block block(ByteArrayOutputStream bytes) throws IOException {
      Block at = new Block(written, bytes.size());
      bytes.writeTo(out);
      written += bytes.size();
      return at;
    }

    /** The index (the names typed, with their canonical names, and the blocks), then its offset. */
    void finish(Map<String, String> names) throws IOException {
      long index = written;
      out.writeInt(names.size());
      for (Map.Entry<String, String> n : names.entrySet()) {
        HistoryCodec.writeString(out, n.getKey());
        HistoryCodec.writeString(out, n.getValue());
      }
      out.writeInt(tests.size());
      for (Map.Entry<String, TestBlocks> t : tests.entrySet()) {
        HistoryCodec.writeString(out, t.getKey());
        writeBlock(t.getValue().runs());
        out.writeInt(t.getValue().series().size());
        for (SeriesBlock s : t.getValue().series()) {
          out.writeInt(s.threads());
          HistoryCodec.writeString(out, s.metric());
          writeBlock(s.block());
        }
      }
      out.writeLong(index);
      out.flush();
    }

    private void writeBlock(Block b) throws IOException {
      out.writeLong(b.offset());
      out.writeInt(b.length());
    }

    /** How many series were written. */
    int series() {
      return series;
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }

  /**
   * The history of {@code series} in {@code file}, when the file was written at {@code commit} by
   * {@code build} and holds it; none when there is nothing to answer from (no file, another commit
   * or build, a name not in the index, no runs at that thread count, metric and host, runs on
   * several hosts): a session reads those, and says what is wrong.
   */
  static Optional<ChangesQuery.History> find(
      Path file, String build, String commit, ChangesQuery.Series series) throws IOException {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      if (in.readInt() != FORMAT || !build.equals(in.readUTF()) || !commit.equals(in.readUTF())) {
        return Optional.empty();
      }
      long end = in.length() - Long.BYTES;
      in.seek(end);
      long index = in.readLong();
      DataInputStream idx = new DataInputStream(new ByteArrayInputStream(read(in, index, end)));
      String test = null;
      for (int n = idx.readInt(); n > 0; n--) {
        String typed = HistoryCodec.readString(idx);
        String canonical = HistoryCodec.readString(idx);
        if (typed.equals(series.test())) {
          test = canonical == null ? typed : canonical;
        }
      }
      if (test == null) {
        return Optional.empty();
      }
      for (int n = idx.readInt(); n > 0; n--) {
        String name = HistoryCodec.readString(idx);
        Block runs = readBlock(idx);
        Block wanted = null;
        for (int s = idx.readInt(); s > 0; s--) {
          int threads = idx.readInt();
          String metric = HistoryCodec.readString(idx);
          Block b = readBlock(idx);
          if (threads == series.threads() && metric.equals(series.metric())) {
            wanted = b;
          }
        }
        if (name.equals(test)) {
          return wanted == null ? Optional.empty() : history(in, name, runs, wanted, series);
        }
      }
      return Optional.empty();
    }
  }

  /** Whether {@code file} was written whole at {@code commit} by {@code build}. */
  static boolean isFor(Path file, String build, String commit) {
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      return in.readInt() == FORMAT && build.equals(in.readUTF()) && commit.equals(in.readUTF());
    } catch (IOException e) {
      return false;
    }
  }

  private static Optional<ChangesQuery.History> history(
      RandomAccessFile in, String test, Block runsAt, Block valuesAt, ChangesQuery.Series series)
      throws IOException {
    DataInputStream r = block(in, runsAt);
    int n = HistoryCodec.count(r);
    List<TestHistories.KeptRun> runs = new ArrayList<>(n);
    double[] none = new double[0];
    for (int i = 0; i < n; i++) {
      ChangesQuery.Run head = HistoryCodec.readRunHead(r, none);
      runs.add(new TestHistories.KeptRun(head, HistoryCodec.readString(r), r.readInt()));
    }
    List<LeftOut> leftOut = new ArrayList<>();
    for (int i = r.readInt(); i > 0; i--) {
      leftOut.add(HistoryCodec.readLeftOut(r));
    }
    DataInputStream v = block(in, valuesAt);
    int rows = HistoryCodec.count(v);
    int[] indexes = new int[rows];
    double[][] values = new double[rows][];
    for (int i = 0; i < rows; i++) {
      indexes[i] = v.readInt();
      if (indexes[i] < 0 || indexes[i] >= n) {
        throw new IOException("a series names run " + indexes[i] + " of " + n);
      }
      values[i] = HistoryCodec.readValues(v);
    }
    TestHistories.Values at =
        new TestHistories.Values(series.threads(), series.metric(), indexes, values);
    return new TestHistories(test, List.copyOf(runs), List.copyOf(leftOut), List.of(at))
        .history(series, at);
  }

  private static DataInputStream block(RandomAccessFile in, Block b) throws IOException {
    return new DataInputStream(
        new ByteArrayInputStream(read(in, b.offset(), b.offset() + b.length())));
  }

  private static byte[] read(RandomAccessFile in, long from, long to) throws IOException {
    if (from < 0 || to > in.length() || to - from > Integer.MAX_VALUE || from > to) {
      throw new IOException("a block out of the file: " + from + ".." + to);
    }
    byte[] bytes = new byte[(int) (to - from)];
    in.seek(from);
    in.readFully(bytes);
    return bytes;
  }

  private static Block readBlock(DataInputStream in) throws IOException {
    return new Block(in.readLong(), in.readInt());
  }
}
