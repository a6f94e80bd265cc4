package io.benchlake.ingest.job;

import java.util.List;

/**
 * What a run's aggregate receives (a Flink POJO): one iteration_finished or run_finished event,
 * kept as its JSON, or a bundle of one iteration's samples, kept as the few fields the aggregate
 * needs ({@link SampleBundle}). Each carries where its events were read, so that an iteration still
 * open at the end of a batch can be read again, whole, by the next one. Samples travel in bundles
 * so that the shuffle and the aggregate's sort handle one record per hundred samples, not one per
 * sample.
 */
public class IterationPart {
  public String runId;

  /** threads|iteration; null for run_finished, which closes every iteration of its run. */
  public String iteration;

  /** Where a finish event was read; for a bundle, where its first sample was. */
  public int partition;

  public long offset;

  /** The event's JSON, for iteration_finished and run_finished; null for a bundle. */
  public byte[] json;

  /** A bundle's samples, encoded by {@link SampleBundle}; null for a finish event. */
  public byte[] samples;

  /**
   * The latency histograms of a bundle's samples, encoded by {@link SampleBundle}; null when they
   * were left out because the finish event sent with the bundle gives every latency figure (the
   * aggregate then reads no histogram of the iteration), and for a finish event.
   */
  public byte[] histograms;

  /** Where each of a bundle's samples was read: partition and offset, in the bundle's order. */
  public int[] partitions;

  public long[] offsets;

  /** The newest emitted_at among a bundle's samples, in microseconds. */
  public long newestEmittedMicros;

  public IterationPart() {}

  /** A finish event: kept as its JSON. */
  public IterationPart(String runId, String iteration, RawEvent raw) {
    this.runId = runId;
    this.iteration = iteration;
    this.partition = raw.partition;
    this.offset = raw.offset;
    this.json = raw.value;
  }

  /** Whether this part is a bundle of samples (else a finish event with its JSON). */
  public boolean isSample() {
    return json == null;
  }

  /**
   * What the aggregate reads of a bundle's samples; their histograms only if {@code histograms}.
   */
  public List<IntervalFigures> figures(boolean histograms) {
    return SampleBundle.decode(samples, this.histograms, histograms);
  }

  /** A place in the event log. */
  @FunctionalInterface
  public interface Position {
    void at(int partition, long offset);
  }

  /** Each position this part's events were read at (one for a finish event). */
  public void forEachPosition(Position position) {
    if (isSample()) {
      for (int i = 0; i < offsets.length; i++) {
        position.at(partitions[i], offsets[i]);
      }
    } else {
      position.at(partition, offset);
    }
  }

  public static String iterationOf(int threads, int iteration) {
    return threads + "|" + iteration;
  }
}
