package io.benchlake.testing;

import java.util.Arrays;
import java.util.stream.LongStream;

/**
 * How many random cases a randomized differential test runs: a few fixed ones in {@code mvn
 * verify}, every one with {@code -Pfull-random} (the system property {@value #PROPERTY}). Every
 * check runs either way; only repetitions go.
 */
public final class Repetitions {
  public static final String PROPERTY = "benchlake.random.full";

  private Repetitions() {}

  /** Whether this run asked for the full sets. */
  public static boolean full() {
    return Boolean.getBoolean(PROPERTY);
  }

  /** {@code all} in a full run, else {@code few} (at most {@code all}). */
  public static int of(int all, int few) {
    return full() ? all : Math.min(all, few);
  }

  /** Every seed in a full run, else the first {@code few}. */
  public static LongStream seeds(int few, long... all) {
    return Arrays.stream(all).limit(full() ? all.length : few);
  }
}
