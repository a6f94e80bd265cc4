package io.benchlake.importers;

/**
 * The places in a source that imported events' ids are derived from ({@link
 * io.benchlake.schemas.RunContext#event}): written once, because {@link EarlierReadings} finds the
 * runs of earlier imports by deriving the same ids again.
 */
public final class EventPlaces {
  private EventPlaces() {}

  /** An iteration's end: after the source it was read from (a file digest, or {@link #atLine}). */
  public static final String ITERATION_FINISHED = "iteration_finished";

  /**
   * Iteration {@code iteration} at {@code threads} of its run, wherever in its files it was read: a
   * HammerDB ladder's results, so that its events keep their ids when another ladder of its
   * hammerdb.log changes (its file's digest) or lines are added before it.
   */
  public static String atRung(int threads, int iteration) {
    return "rung " + threads + " iteration " + iteration;
  }

  /** Line {@code line} (1-based) of the file whose content digest is {@code digest}. */
  public static String atLine(String digest, int line) {
    return digest + ":" + line;
  }
}
