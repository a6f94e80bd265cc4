package io.benchlake.analytics.changes;

import io.benchlake.analytics.report.LeftOut;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The parts of a kept history as bytes, shared by the entries of one series ({@link HistoryCache})
 * and the file of every series at a commit ({@link CommitHistories}): strings with their nulls and
 * no length limit, runs with their values as IEEE bits, left-out iterations.
 */
final class HistoryCodec {
  /**
   * The most a count read back may be (runs, values, a string's bytes): more than any history an
   * ingest keeps (it keeps none over 1,000,000 iteration rows). A garbled count is then a damaged
   * file, a miss, not an array of gigabytes.
   */
  static final int MOST = 1 << 22;

  private HistoryCodec() {}

  /** A count of what follows, from 0 to {@link #MOST}; another is a damaged file. */
  static int count(DataInput in) throws IOException {
    int n = in.readInt();
    if (n < 0 || n > MOST) {
      throw new IOException("a count out of bounds: " + n);
    }
    return n;
  }

  /** A string or null, as its UTF-8 length (-1: null) and bytes. */
  static void writeString(DataOutput out, String s) throws IOException {
    if (s == null) {
      out.writeInt(-1);
      return;
    }
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  static String readString(DataInput in) throws IOException {
    int length = in.readInt();
    if (length == -1) {
      return null;
    }
    if (length < 0 || length > MOST) {
      throw new IOException("a string length out of bounds: " + length);
    }
    byte[] bytes = new byte[length];
    try {
      in.readFully(bytes);
    } catch (EOFException e) {
      throw new EOFException("a string cut short");
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** A run's identity and place (id, start, version, dataset, config, tool), without its values. */
  static void writeRunHead(DataOutput out, ChangesQuery.Run run) throws IOException {
    writeString(out, run.runId());
    writeString(out, run.startedAt());
    writeString(out, run.version());
    writeString(out, run.dataset());
    writeString(out, run.config());
    writeString(out, run.tool());
  }

  /** A run's head as {@link #writeRunHead} wrote it, with {@code values}. */
  static ChangesQuery.Run readRunHead(DataInput in, double[] values) throws IOException {
    return new ChangesQuery.Run(
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        readString(in),
        values);
  }

  /** Values to the last bit, with their count. */
  static void writeValues(DataOutput out, double[] values) throws IOException {
    out.writeInt(values.length);
    for (double v : values) {
      out.writeDouble(v);
    }
  }

  static double[] readValues(DataInput in) throws IOException {
    double[] values = new double[count(in)];
    for (int k = 0; k < values.length; k++) {
      values[k] = in.readDouble();
    }
    return values;
  }

  static void writeLeftOut(DataOutput out, LeftOut l) throws IOException {
    writeString(out, l.dataset());
    writeString(out, l.runId());
    out.writeInt(l.threads());
    out.writeInt(l.iteration());
    writeString(out, l.reason());
  }

  static LeftOut readLeftOut(DataInput in) throws IOException {
    return new LeftOut(readString(in), readString(in), in.readInt(), in.readInt(), readString(in));
  }
}
