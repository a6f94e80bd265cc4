package io.benchlake.web;

import io.benchlake.analytics.AnalyticsSession;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The dashboard's one session over the warehouse and its answers, cached per commit: a request
 * whose answer was computed at the current commit gets it again; a new commit's session replaces
 * the old one and every answer is forgotten. Questions are asked one at a time (DuckDB parallelises
 * each); the SQL console runs on its own connection.
 *
 * <p>Opening a session costs seconds on a large warehouse (its per-run tables are made then), so a
 * background opener looks for a new commit every {@link #LOOK_EVERY_MS} ms and opens its session
 * ahead of the requests: at the start, and after each ingest while someone asked something in the
 * last {@link #WATCHED_MS} ms (a dashboard nobody looks at opens nothing beside a follow's
 * commits). A request never sees an older commit than the current one: it waits for the session
 * being opened for it (or opens it).
 */
final class ReadSide implements AutoCloseable {
  private static final int KEPT_ANSWERS = 500;
  static final long LOOK_EVERY_MS = 500;
  static final long WATCHED_MS = 120_000;

  private final WarehouseSource source;
  private final ScheduledExecutorService opener;
  private AnalyticsSession session;
  private String commit;
  private CompletableFuture<AnalyticsSession> next;
  private String nextCommit;
  private long lastAsked;
  private String failedAhead;
  private final Map<String, Object> answers =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Object> eldest) {
          return size() > KEPT_ANSWERS;
        }
      };

  /**
   * Reads {@code source}; with {@code ahead}, opens each new commit's session in the background.
   */
  ReadSide(WarehouseSource source, boolean ahead) {
    this.source = source;
    if (ahead) {
      opener =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "dashboard session opener");
                t.setDaemon(true);
                return t;
              });
      opener.scheduleWithFixedDelay(this::openAhead, 0, LOOK_EVERY_MS, TimeUnit.MILLISECONDS);
    } else {
      opener = null;
    }
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
    lastAsked = System.currentTimeMillis();
    String now = source.commit();
    if (session != null && now.equals(commit)) {
      return session;
    }
    AnalyticsSession opened;
    if (next != null && now.equals(nextCommit)) {
      opened = joined(next); // being opened ahead: wait for it rather than open it twice
    } else {
      dropNext();
      opened = source.open();
    }
    next = null;
    nextCommit = null;
    use(opened);
    return session;
  }

  /** The commit the answers are from ({@code null} before the first session). */
  synchronized String commit() {
    return commit;
  }

  /** One look of the background opener; what fails is left to the requests, which open it. */
  private void openAhead() {
    try {
      lookAhead();
    } catch (RuntimeException e) {
      // the warehouse's commit could not be read: a request reads it again and says why
    }
  }

  /** A new commit's session opened outside the lock; a commit that failed once is not retried. */
  private void lookAhead() {
    CompletableFuture<AnalyticsSession> opening = new CompletableFuture<>();
    String now;
    synchronized (this) {
      boolean watched = System.currentTimeMillis() - lastAsked < WATCHED_MS;
      if (session != null && !watched) {
        return;
      }
      now = source.commit();
      if (now.equals(commit) || now.equals(nextCommit) || now.equals(failedAhead)) {
        return;
      }
      dropNext();
      next = opening;
      nextCommit = now;
    }
    try {
      opening.complete(source.open());
    } catch (RuntimeException | Error e) {
      // a request waiting for this commit gets the failure as its own
      opening.completeExceptionally(e);
    }
    synchronized (this) {
      if (opening.isCompletedExceptionally()) {
        failedAhead = now;
      }
      if (next == opening) {
        next = null;
        nextCommit = null;
        if (!opening.isCompletedExceptionally()) {
          use(opening.join());
        }
      }
    }
  }

  /** Replaces the session (and forgets the answers) with {@code opened}. */
  private void use(AnalyticsSession opened) {
    if (session != null) {
      session.close();
    }
    session = opened;
    commit = opened.commit();
    answers.clear();
  }

  /** A session being opened for a commit no longer current is closed once it is open. */
  private void dropNext() {
    if (next != null) {
      next.thenAccept(AnalyticsSession::close);
      next = null;
      nextCommit = null;
    }
  }

  private static AnalyticsSession joined(CompletableFuture<AnalyticsSession> opening) {
    try {
      return opening.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  @Override
  public void close() {
    if (opener != null) {
      opener.shutdownNow();
      try {
        opener.awaitTermination(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    synchronized (this) {
      dropNext();
      if (session != null) {
        session.close();
        session = null;
      }
    }
  }
}
