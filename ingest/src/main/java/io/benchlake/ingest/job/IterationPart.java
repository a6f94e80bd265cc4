package io.benchlake.ingest.job;

/**
 * A sample, iteration_finished or run_finished event on its way to its run's aggregate (a Flink
 * POJO), with where it was read so that an iteration still open at the end of a batch can be read
 * again, whole, by the next one.
 */
public class IterationPart {
  public String runId;

  /** threads|iteration; null for run_finished, which closes every iteration of its run. */
  public String iteration;

  public int partition;
  public long offset;
  public byte[] json;

  public IterationPart() {}

  public IterationPart(String runId, String iteration, RawEvent raw) {
    this.runId = runId;
    this.iteration = iteration;
    this.partition = raw.partition;
    this.offset = raw.offset;
    this.json = raw.value;
  }

  public static String iterationOf(int threads, int iteration) {
    return threads + "|" + iteration;
  }
}
