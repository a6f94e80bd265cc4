package io.benchlake.loadgen.workload.tprocc;

import java.util.SplittableRandom;

/**
 * The random values of TPC-C 5.11 clause 4.3.2: uniform numbers, NURand, random a- and n-strings,
 * last names from syllables, and the 10% of data fields holding "ORIGINAL".
 */
final class TpccRandom {
  /** NURand's C for last names at load time and at run time (clause 2.1.6.1: they differ). */
  static final int C_LAST_LOAD = 157;

  static final int C_LAST_RUN = 223;
  static final int C_ID = 259;
  static final int C_ITEM = 7911;

  private static final String[] SYLLABLES = {
    "BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI", "CALLY", "ATION", "EING"
  };
  private static final char[] ALPHANUMERIC =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".toCharArray();

  private final SplittableRandom random;

  TpccRandom(long seed) {
    this.random = new SplittableRandom(seed);
  }

  /** A uniform integer in [a, b]. */
  int uniform(int a, int b) {
    return a + random.nextInt(b - a + 1);
  }

  double fraction() {
    return random.nextDouble();
  }

  /** NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x. */
  int nurand(int a, int x, int y, int c) {
    return (((uniform(0, a) | uniform(x, y)) + c) % (y - x + 1)) + x;
  }

  /** A random a-string of min to max characters. */
  String astring(int min, int max) {
    char[] chars = new char[uniform(min, max)];
    for (int i = 0; i < chars.length; i++) {
      chars[i] = ALPHANUMERIC[random.nextInt(ALPHANUMERIC.length)];
    }
    return new String(chars);
  }

  /** A random n-string (digits) of exactly {@code length} characters. */
  String nstring(int length) {
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = (char) ('0' + random.nextInt(10));
    }
    return new String(chars);
  }

  /** i_data and s_data: 26 to 50 characters, 10% of them holding "ORIGINAL" somewhere. */
  String data() {
    String s = astring(26, 50);
    if (random.nextInt(10) != 0) {
      return s;
    }
    int at = random.nextInt(s.length() - 8 + 1);
    return s.substring(0, at) + "ORIGINAL" + s.substring(at + 8);
  }

  /** A zip code: four random digits then 11111 (clause 4.3.2.7). */
  String zip() {
    return nstring(4) + "11111";
  }

  /** A price or tax in [min, max] with {@code scale} decimals, as text the server reads exactly. */
  String decimal(int minUnits, int maxUnits, int scale) {
    return java.math.BigDecimal.valueOf(uniform(minUnits, maxUnits), scale).toPlainString();
  }

  /** The last name of a number in 0..999: three syllables, one per digit (clause 4.3.2.3). */
  static String lastName(int number) {
    return SYLLABLES[number / 100] + SYLLABLES[(number / 10) % 10] + SYLLABLES[number % 10];
  }

  /** A run-time last name: NURand(255, 0, 999) with the run's C. */
  String runLastName() {
    return lastName(nurand(255, 0, 999, C_LAST_RUN));
  }

  /** A run-time customer id: NURand(1023, 1, 3000). */
  int customerId() {
    return nurand(1023, 1, 3000, C_ID);
  }

  /** A permutation of 1..n (orders' customers, clause 4.3.3.1). */
  int[] permutation(int n) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i + 1;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }
}
