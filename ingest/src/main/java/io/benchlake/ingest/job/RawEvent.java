package io.benchlake.ingest.job;

/** One record of the event topic as read, with where it came from (a Flink POJO). */
public class RawEvent {
  public String topic;
  public int partition;
  public long offset;
  public long timestamp;
  public byte[] value;

  public RawEvent() {}

  public RawEvent(String topic, int partition, long offset, long timestamp, byte[] value) {
    this.topic = topic;
    this.partition = partition;
    this.offset = offset;
    this.timestamp = timestamp;
    this.value = value;
  }

  public String origin() {
    return topic + "/" + partition + "@" + offset;
  }
}
