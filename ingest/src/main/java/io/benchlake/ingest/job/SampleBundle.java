package io.benchlake.ingest.job;

import io.benchlake.schemas.Sample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Samples of one iteration gathered by a router on their way to the run's aggregate, encoded as the
 * fields the aggregate reads (DESIGN.md, what the Flink job aggregates), with where each was read.
 */
final class SampleBundle {
  private static final Sample.Phase[] PHASES = Sample.Phase.values();
  private static final int TRANSACTIONS = 1;
  private static final int NOPM = 2;
  private static final int TPM = 4;
  private static final int HISTOGRAM = 8;

  private final String runId;
  private final String iteration;
  private final int threads;
  private final int iterationNumber;
  private final DataOutputSerializer bytes = new DataOutputSerializer(4096);

  /** The samples' histograms, each length-prefixed, apart from their fields: they may be left. */
  private final DataOutputSerializer histograms = new DataOutputSerializer(4096);

  private int[] partitions = new int[16];
  private long[] offsets = new long[16];
  private int count;
  private long newestEmittedMicros = Long.MIN_VALUE;

  SampleBundle(String runId, int threads, int iteration) {
    this.runId = runId;
    this.iteration = IterationPart.iterationOf(threads, iteration);
    this.threads = threads;
    this.iterationNumber = iteration;
  }

  /** Whether {@code s} belongs in this bundle: same run, thread count and iteration. */
  boolean holds(Sample s) {
    return s.threads() == threads && s.iteration() == iterationNumber && s.runId().equals(runId);
  }

  /** The iteration, as {@link IterationPart#iterationOf} writes it. */
  String iteration() {
    return iteration;
  }

  int size() {
    return count;
  }

  int byteSize() {
    return bytes.length() + histograms.length();
  }

  void add(Sample s, int partition, long offset) {
    if (count == offsets.length) {
      partitions = Arrays.copyOf(partitions, count * 2);
      offsets = Arrays.copyOf(offsets, count * 2);
    }
    partitions[count] = partition;
    offsets[count] = offset;
    count++;
    long emitted = Rows.micros(s.emittedAt());
    newestEmittedMicros = Math.max(newestEmittedMicros, emitted);
    try {
      bytes.writeUTF(s.eventId());
      bytes.writeLong(emitted);
      bytes.writeLong(Rows.micros(s.startedAt()));
      bytes.writeInt(s.threads());
      bytes.writeInt(s.iteration());
      bytes.writeByte(s.phase().ordinal());
      bytes.writeDouble(s.offsetS());
      bytes.writeDouble(s.intervalS());
      bytes.writeByte(
          (s.transactions() != null ? TRANSACTIONS : 0)
              | (s.nopm() != null ? NOPM : 0)
              | (s.tpm() != null ? TPM : 0)
              | (s.histogram() != null ? HISTOGRAM : 0));
      if (s.transactions() != null) {
        bytes.writeLong(s.transactions());
      }
      bytes.writeDouble(s.tps());
      bytes.writeDouble(s.qps());
      bytes.writeDouble(s.errorsPs());
      bytes.writeDouble(s.reconnectsPs());
      if (s.nopm() != null) {
        bytes.writeDouble(s.nopm());
      }
      if (s.tpm() != null) {
        bytes.writeDouble(s.tpm());
      }
      if (s.histogram() != null) {
        // base64 text is ASCII: one byte per char
        byte[] h = s.histogram().getBytes(StandardCharsets.ISO_8859_1);
        histograms.writeInt(h.length);
        histograms.write(h);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a growing in-memory buffer does not fail
    }
  }

  /**
   * The bundle as one part for the run's aggregate; its samples' histograms left out unless {@code
   * withHistograms}.
   */
  IterationPart toPart(boolean withHistograms) {
    IterationPart part = new IterationPart();
    part.runId = runId;
    part.iteration = iteration;
    part.partition = partitions[0];
    part.offset = offsets[0];
    part.samples = bytes.getCopyOfBuffer();
    part.histograms = withHistograms ? histograms.getCopyOfBuffer() : null;
    part.partitions = Arrays.copyOf(partitions, count);
    part.offsets = Arrays.copyOf(offsets, count);
    part.newestEmittedMicros = newestEmittedMicros;
    return part;
  }

  /**
   * The samples of a bundle ({@code encoded}, and {@code encodedHistograms} unless they were left
   * out), with the fields the aggregate does not read left empty, and their histograms too unless
   * {@code histograms}.
   */
  static List<Sample> decode(
      byte[] encoded, byte[] encodedHistograms, String runId, boolean histograms) {
    DataInputDeserializer in = new DataInputDeserializer(encoded);
    DataInputDeserializer hin =
        histograms && encodedHistograms != null
            ? new DataInputDeserializer(encodedHistograms)
            : null;
    List<Sample> out = new ArrayList<>();
    try {
      while (in.available() > 0) {
        String eventId = in.readUTF();
        Instant emitted = instant(in.readLong());
        Instant started = instant(in.readLong());
        int threads = in.readInt();
        int iteration = in.readInt();
        Sample.Phase phase = PHASES[in.readByte()];
        double offsetS = in.readDouble();
        double intervalS = in.readDouble();
        int present = in.readByte();
        Long transactions = (present & TRANSACTIONS) != 0 ? in.readLong() : null;
        double tps = in.readDouble();
        double qps = in.readDouble();
        double errorsPs = in.readDouble();
        double reconnectsPs = in.readDouble();
        Double nopm = (present & NOPM) != 0 ? in.readDouble() : null;
        Double tpm = (present & TPM) != 0 ? in.readDouble() : null;
        String histogram = null;
        if ((present & HISTOGRAM) != 0 && hin != null) {
          byte[] h = new byte[hin.readInt()];
          hin.readFully(h);
          histogram = new String(h, StandardCharsets.ISO_8859_1);
        }
        out.add(
            new Sample(
                null,
                eventId,
                runId,
                emitted,
                started,
                threads,
                null,
                iteration,
                offsetS,
                intervalS,
                phase,
                transactions,
                tps,
                qps,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                errorsPs,
                reconnectsPs,
                nopm,
                tpm,
                histogram,
                null,
                null));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("a sample bundle does not decode", e);
    }
    return out;
  }

  private static Instant instant(long micros) {
    return Instant.EPOCH.plusNanos(micros * 1000);
  }
}
