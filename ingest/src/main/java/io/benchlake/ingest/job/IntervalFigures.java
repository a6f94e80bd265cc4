package io.benchlake.ingest.job;

import io.benchlake.schemas.Sample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * What a run's aggregate reads of one sample (docs/architecture.md, Values and aggregates): its
 * identity, place and phase, and the figures an iteration's values are computed from. {@code
 * histogram} is null when the sample had none, or when it was left out on the way (the finish event
 * gave every latency figure).
 *
 * <p>Samples travel to the aggregate in bundles ({@link SampleBundle}) of these, written field by
 * field: an iteration's bundle is a byte array of a Flink POJO, which Flink copies as it is, where
 * a list of records would go through Kryo, field by field with reflection, at every shuffle.
 */
public record IntervalFigures(
    String eventId,
    long emittedMicros,
    long startedMicros,
    int threads,
    int iteration,
    Sample.Phase phase,
    double offsetS,
    double intervalS,
    Long transactions,
    double tps,
    double qps,
    double errorsPs,
    double reconnectsPs,
    Double nopm,
    Double tpm,
    String histogram) {
  private static final Sample.Phase[] PHASES = Sample.Phase.values();
  private static final int TRANSACTIONS = 1;
  private static final int NOPM = 2;
  private static final int TPM = 4;
  private static final int HISTOGRAM = 8;

  public static IntervalFigures of(Sample s) {
    return new IntervalFigures(
        s.eventId(),
        Rows.micros(s.emittedAt()),
        Rows.micros(s.startedAt()),
        s.threads(),
        s.iteration(),
        s.phase(),
        s.offsetS(),
        s.intervalS(),
        s.transactions(),
        s.tps(),
        s.qps(),
        s.errorsPs(),
        s.reconnectsPs(),
        s.nopm(),
        s.tpm(),
        s.histogram());
  }

  /**
   * Writes the figures to {@code out} and the histogram, length-prefixed, to {@code histograms}:
   * apart, so that a bundle's histograms can be left out whole.
   */
  void write(DataOutputView out, DataOutputView histograms) throws IOException {
    out.writeUTF(eventId);
    out.writeLong(emittedMicros);
    out.writeLong(startedMicros);
    out.writeInt(threads);
    out.writeInt(iteration);
    out.writeByte(phase.ordinal());
    out.writeDouble(offsetS);
    out.writeDouble(intervalS);
    out.writeByte(
        (transactions != null ? TRANSACTIONS : 0)
            | (nopm != null ? NOPM : 0)
            | (tpm != null ? TPM : 0)
            | (histogram != null ? HISTOGRAM : 0));
    if (transactions != null) {
      out.writeLong(transactions);
    }
    out.writeDouble(tps);
    out.writeDouble(qps);
    out.writeDouble(errorsPs);
    out.writeDouble(reconnectsPs);
    if (nopm != null) {
      out.writeDouble(nopm);
    }
    if (tpm != null) {
      out.writeDouble(tpm);
    }
    if (histogram != null) {
      // base64 text is ASCII: one byte per char
      byte[] h = histogram.getBytes(StandardCharsets.ISO_8859_1);
      histograms.writeInt(h.length);
      histograms.write(h);
    }
  }

  /**
   * The figures {@link #write} wrote to {@code in}, with the histogram from {@code histograms};
   * null {@code histograms} (left out, or not wanted) reads none.
   */
  static IntervalFigures read(DataInputView in, DataInputView histograms) throws IOException {
    String eventId = in.readUTF();
    long emitted = in.readLong();
    long started = in.readLong();
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
    if ((present & HISTOGRAM) != 0 && histograms != null) {
      byte[] h = new byte[histograms.readInt()];
      histograms.readFully(h);
      histogram = new String(h, StandardCharsets.ISO_8859_1);
    }
    return new IntervalFigures(
        eventId,
        emitted,
        started,
        threads,
        iteration,
        phase,
        offsetS,
        intervalS,
        transactions,
        tps,
        qps,
        errorsPs,
        reconnectsPs,
        nopm,
        tpm,
        histogram);
  }
}
