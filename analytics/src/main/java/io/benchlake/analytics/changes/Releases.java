package io.benchlake.analytics.changes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The releases of a history ordered by release ({@code changes --by release}): the point where each
 * release starts, in order, the first at 0. The runs of one release measure one build, so a change
 * of performance is between releases: the detector given them looks for changes at their starts
 * only ({@link ReleaseSegments}).
 */
public record Releases(int[] starts) {
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
   * The releases of runs with these versions, in release order: consecutive runs of one version are
   * one release. Empty when a run has no version: it is not known to share a build with any other
   * run, and the history is then analysed as runs alone (as in time order).
   */
  public static Optional<Releases> of(List<String> versions) {
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < versions.size(); i++) {
      if (versions.get(i) == null) {
        return Optional.empty();
      }
      if (i == 0 || !versions.get(i).equals(versions.get(i - 1))) {
        starts.add(i);
      }
    }
    return starts.isEmpty()
        ? Optional.empty()
        : Optional.of(new Releases(starts.stream().mapToInt(Integer::intValue).toArray()));
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
