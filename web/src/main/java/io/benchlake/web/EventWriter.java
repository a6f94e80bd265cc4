package io.benchlake.web;

import io.benchlake.analytics.annotate.AnnotatedRun;

/**
 * The dashboard's only way to change anything: events, published by the launcher through the same
 * publisher as {@code benchlake annotate}. The warehouse shows them after the next ingest.
 */
public interface EventWriter {
  /** Publishes an annotation of {@code request}'s run; throws when the event was not accepted. */
  void annotate(AnnotationRequest request);

  /**
   * Leave out (exclude) or take back in a whole run, one thread count or one iteration, with the
   * reason and who asked (the dashboard's user: the OS user running it).
   */
  record AnnotationRequest(
      AnnotatedRun run, Integer threads, Integer iteration, boolean exclude, String reason) {}
}
