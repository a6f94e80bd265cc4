package io.benchlake.ingest.job;

/** An event that could not be ingested, why, and where it came from (a Flink POJO). */
public class RefusedEvent {
  public String origin;
  public String reason;
  public byte[] value;

  public RefusedEvent() {}

  public RefusedEvent(String origin, String reason, byte[] value) {
    this.origin = origin;
    this.reason = reason;
    this.value = value;
  }
}
