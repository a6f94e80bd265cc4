package io.benchlake.ingest.job;

/**
 * What a follow job's routers ask of each event they read, so that follow refuses what a batch
 * ingest or a rebuild refuses (docs/architecture.md, Corrections): an event id seen before with
 * other content, unless a retraction took back the run of the version seen first; and dead letters
 * someone acknowledged, which are not sent to the dead-letter topic again. It knows the log before
 * the job's start and learns from every event the job reads; the routers of all partitions share it
 * (a follow job runs in the process that started it).
 */
public interface LiveConflicts {
  /**
   * The reason to refuse the event {@code raw}, whose id is {@code eventId}, as one published
   * before with other content; null when it is the first version, the same content again, or the
   * run of the first version was retracted.
   */
  String conflictOf(RawEvent raw, String eventId);

  /** A retraction of {@code runId} was read. */
  void retracted(String runId);

  /** An acknowledgement of the dead letter from {@code origin} was read. */
  void acknowledged(String origin);

  /** Whether the dead letter from {@code origin} was acknowledged. */
  boolean isAcknowledged(String origin);
}
