package io.benchlake.ingest.job;

/** A sample or iteration_finished event on its way to its iteration's aggregate (a Flink POJO). */
public class IterationPart {
  /** run_id|threads|iteration */
  public String key;

  public byte[] json;

  public IterationPart() {}

  public IterationPart(String key, byte[] json) {
    this.key = key;
    this.json = json;
  }

  public static String keyOf(String runId, int threads, int iteration) {
    return runId + "|" + threads + "|" + iteration;
  }
}
