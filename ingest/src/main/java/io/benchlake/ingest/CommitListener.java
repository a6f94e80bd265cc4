package io.benchlake.ingest;

/**
 * Hears each batch ingest that committed something, after the warehouse lock is released (so it may
 * ingest again): what runs after a commit (the alerts' evaluation) without the ingest module
 * depending on it. A rebuild is not heard: it replays, it adds nothing new.
 */
@FunctionalInterface
public interface CommitListener {
  /**
   * {@code previousSeq} is the warehouse's commit before the ingest (0: none): rows of the ingest
   * carry a greater ingest_seq.
   */
  void committed(long previousSeq, IngestService.Result result) throws Exception;
}
