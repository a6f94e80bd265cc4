package io.benchlake.web;

import io.benchlake.analytics.annotate.AnnotatedRun;
import java.time.Instant;
import java.util.Map;

/**
 * The dashboard's only way to change anything: events, published by the launcher through the same
 * publishers as {@code benchlake annotate} and {@code benchlake alerts ack}.
 */
public interface EventWriter {
  /**
   * Publishes an annotation of {@code request}'s run; throws when the event was not accepted. The
   * warehouse shows it after the next ingest.
   */
  void annotate(AnnotationRequest request);

  /**
   * Publishes {@code request}'s triage, one event per alert, and returns once the warehouse shows
   * it (a small ingest, or the wait for a running ingest's commit past the events, as {@code
   * benchlake alerts ack} does).
   */
  void triage(TriageRequest request);

  /**
   * Leave out (exclude) or take back in a whole run, one thread count or one iteration, with the
   * reason and who asked (the dashboard's user: the OS user running it).
   */
  record AnnotationRequest(
      AnnotatedRun run, Integer threads, Integer iteration, boolean exclude, String reason) {}

  /**
   * The alerts triaged (id to the time each was raised), the state given them ({@link
   * AlertTriageState}), an optional link (URL or ticket) and note.
   */
  record TriageRequest(
      Map<String, Instant> alerts, AlertTriageState state, String link, String note) {}
}
