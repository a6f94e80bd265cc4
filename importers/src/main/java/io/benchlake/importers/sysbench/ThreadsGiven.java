package io.benchlake.importers.sysbench;

import io.benchlake.home.BadInputException;

/**
 * A thread count the user gave for a sysbench log ({@code --threads N}, or {@code {threads}} of
 * {@code --layout}): what an excerpt without its header cannot say, checked against a header.
 */
public record ThreadsGiven(int count, boolean fromLayout) {
  public ThreadsGiven {
    if (count < 1) {
      throw new BadInputException(by(fromLayout) + " must be a whole number above 0, not " + count);
    }
  }

  /** {@code --threads N}. */
  public static ThreadsGiven option(int count) {
    return new ThreadsGiven(count, false);
  }

  /** {@code {threads}} of {@code --layout}. */
  public static ThreadsGiven layout(int count) {
    return new ThreadsGiven(count, true);
  }

  /** The refusal of a header that says otherwise, naming both. */
  String contradicts(String generation, int header) {
    return generation
        + " header: the log says 'Number of threads: "
        + header
        + "' but "
        + by(fromLayout)
        + " gives "
        + count;
  }

  private static String by(boolean fromLayout) {
    return fromLayout ? "{threads} of --layout" : "--threads";
  }
}
