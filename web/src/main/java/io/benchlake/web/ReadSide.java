package io.benchlake.web;

import io.benchlake.analytics.AnalyticsSession;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The dashboard's one session over the warehouse and its answers, cached per commit: a request
 * whose answer was computed at the current commit gets it again; a new commit opens a session over
 * it and forgets every answer. Questions are asked one at a time (DuckDB parallelises each); the
 * SQL console runs on its own connection.
 */
final class ReadSide implements AutoCloseable {
  private static final int KEPT_ANSWERS = 500;

  private final WarehouseSource source;
  private AnalyticsSession session;
  private String commit;
  private final Map<String, Object> answers =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Object> eldest) {
          return size() > KEPT_ANSWERS;
        }
      };

  ReadSide(WarehouseSource source) {
    this.source = source;
  }

  /** The answer to the question {@code key}, computed by {@code ask} at the current commit. */
  @SuppressWarnings("unchecked")
  synchronized <T> T answer(String key, Function<AnalyticsSession, T> ask) {
    AnalyticsSession s = current();
    Object kept = answers.get(key);
    if (kept != null) {
      return (T) kept;
    }
    T answer = ask.apply(s);
    answers.put(key, answer);
    return answer;
  }

  /** The session over the current commit, for a question that is not cached. */
  synchronized AnalyticsSession current() {
    String now = source.commit();
    if (session == null || !now.equals(commit)) {
      AnalyticsSession opened = source.open();
      if (session != null) {
        session.close();
      }
      session = opened;
      commit = now;
      answers.clear();
    }
    return session;
  }

  /** The commit the answers are from ({@code null} before the first question). */
  synchronized String commit() {
    return commit;
  }

  @Override
  public synchronized void close() {
    if (session != null) {
      session.close();
      session = null;
    }
  }
}
