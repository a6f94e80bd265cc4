package io.benchlake.ingest.job;

import io.benchlake.schemas.Sample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Samples of one iteration gathered by a router on their way to the run's aggregate, encoded as the
 * fields the aggregate reads ({@link IntervalFigures}), with where each was read.
 */
final class SampleBundle {
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
    IntervalFigures figures = IntervalFigures.of(s);
    newestEmittedMicros = Math.max(newestEmittedMicros, figures.emittedMicros());
    try {
      figures.write(bytes, histograms);
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
   * out), their histograms left out too unless {@code histograms}.
   */
  static List<IntervalFigures> decode(
      byte[] encoded, byte[] encodedHistograms, boolean histograms) {
    DataInputDeserializer in = new DataInputDeserializer(encoded);
    DataInputDeserializer hin =
        histograms && encodedHistograms != null
            ? new DataInputDeserializer(encodedHistograms)
            : null;
    List<IntervalFigures> out = new ArrayList<>();
    try {
      while (in.available() > 0) {
        out.add(IntervalFigures.read(in, hin));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("a sample bundle does not decode", e);
    }
    return out;
  }
}
