package io.benchlake.changepoints;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The releases of a history ordered by release ({@code changes --by release}): the point where each
 * release starts, in order, the first at 0. The runs of one release measure one build, so a change
 * of performance is between releases: the detector given them looks for changes at their starts
 * only ({@link ReleaseSegments}).
 */
public record Releases(int[] starts) {
  private static final Pattern RELEASE = Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)");

  /**
   * The fewest differences between runs of one release that the noise σ is taken from; with fewer,
   * from every first difference, as in time order ({@link ReleaseSegments#WITHIN_DIFFERENCES}).
   */
  public static final int NOISE_DIFFERENCES_WITHIN = ReleaseSegments.WITHIN_DIFFERENCES;

  public Releases {
    starts = starts.clone();
    if (starts.length == 0 || starts[0] != 0) {
      throw new IllegalArgumentException(
          "the first release starts at point 0, was " + Arrays.toString(starts));
    }
    for (int k = 1; k < starts.length; k++) {
      if (starts[k] <= starts[k - 1]) {
        throw new IllegalArgumentException(
            "release starts must increase, were " + Arrays.toString(starts));
      }
    }
  }

  /**
   * The releases of runs with these versions, in release order: consecutive runs of one release are
   * one release, a release being the major.minor.patch its version starts with ({@link #release}),
   * as the order by release has them (sql/30_series.sql: a build such as 11.8.3-1 and a suffix such
   * as -MariaDB-log are not ordered apart, so they are not told apart here either). Empty when a
   * run's version has no major.minor.patch (it is not known to share a build with any other run) or
   * when every run is of one release (there is nothing between releases): the history is then
   * analysed as runs alone, as in time order.
   */
  public static Optional<Releases> of(List<String> versions) {
    List<Integer> starts = new ArrayList<>();
    String previous = null;
    for (int i = 0; i < versions.size(); i++) {
      String release = release(versions.get(i));
      if (release == null) {
        return Optional.empty();
      }
      if (!release.equals(previous)) {
        starts.add(i);
      }
      previous = release;
    }
    return starts.size() < 2
        ? Optional.empty()
        : Optional.of(new Releases(starts.stream().mapToInt(Integer::intValue).toArray()));
  }

  /**
   * The release of a version, "major.minor.patch" as numbers, or null where the version does not
   * start with one that fits the INTEGER the warehouse parses it into (sql/30_series.sql).
   */
  static String release(String version) {
    Matcher m = version == null ? null : RELEASE.matcher(version);
    if (m == null || !m.find()) {
      return null;
    }
    StringBuilder out = new StringBuilder();
    for (int g = 1; g <= 3; g++) {
      String digits = withoutLeadingZeros(m.group(g));
      if (digits.length() > 10 || Long.parseLong(digits) > Integer.MAX_VALUE) {
        return null;
      }
      out.append(g > 1 ? "." : "").append(digits);
    }
    return out.toString();
  }

  /**
   * The digits less their leading zeros, one digit at least ("007" is "7", "000" is "0"); by hand,
   * not by a regular expression, which each version's three numbers compiled again (a tenth of the
   * detector's cold time over 1,000 releases).
   */
  private static String withoutLeadingZeros(String digits) {
    int from = 0;
    while (from < digits.length() - 1 && digits.charAt(from) == '0') {
      from++;
    }
    return digits.substring(from);
  }

  @Override
  public int[] starts() {
    return starts.clone();
  }

  /** How many releases start before point {@code end}. */
  int before(int end) {
    int k = Arrays.binarySearch(starts, end);
    return k >= 0 ? k : -k - 1;
  }

  /** Whether a release starts at point i. */
  boolean startsAt(int i) {
    return Arrays.binarySearch(starts, i) >= 0;
  }

  /** How many releases there are. */
  public int count() {
    return starts.length;
  }

  /** The start of release k. */
  int start(int k) {
    return starts[k];
  }

  /** The releases of the history's first {@code points} points. */
  Releases upTo(int points) {
    return new Releases(Arrays.copyOf(starts, Math.max(1, before(points))));
  }

  /**
   * Whether these releases, of a history of {@code points} points, go on from {@code earlier} (the
   * releases of its first points): the same starts there, and none beyond the history.
   */
  boolean extend(Releases earlier, int earlierPoints, int points) {
    return starts[starts.length - 1] < points
        && Arrays.equals(upTo(earlierPoints).starts, earlier.starts);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Releases r && Arrays.equals(r.starts, starts);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(starts);
  }

  @Override
  public String toString() {
    return "Releases" + Arrays.toString(starts);
  }
}
