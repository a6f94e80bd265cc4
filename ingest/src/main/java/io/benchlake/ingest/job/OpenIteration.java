package io.benchlake.ingest.job;

/**
 * An iteration whose end was not in the batch: the earliest position of its events, before which
 * the batch's committed offsets stop (a Flink POJO; one text line "partition offset" in staging).
 */
public class OpenIteration {
  public int partition;
  public long offset;

  public OpenIteration() {}

  public OpenIteration(int partition, long offset) {
    this.partition = partition;
    this.offset = offset;
  }

  @Override
  public String toString() {
    return partition + " " + offset;
  }
}
