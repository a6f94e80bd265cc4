package io.benchlake.alerts;

import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Server versions as releases: major.minor.patch and a build (11.8.3-1), suffixes such as
 * -MariaDB-log ignored, as the releases view orders them (10.4 < 10.11 < 11.4 < 12.3).
 */
final class Releases {
  private static final Pattern RELEASE = Pattern.compile("^(\\d+)\\.(\\d+)\\.(\\d+)(?:-(\\d+))?");

  private Releases() {}

  /** The release of a version string; none when it does not start with major.minor.patch. */
  static Optional<int[]> of(String version) {
    if (version == null) {
      return Optional.empty();
    }
    Matcher m = RELEASE.matcher(version.trim());
    if (!m.find()) {
      return Optional.empty();
    }
    return Optional.of(
        new int[] {
          Integer.parseInt(m.group(1)),
          Integer.parseInt(m.group(2)),
          Integer.parseInt(m.group(3)),
          m.group(4) == null ? 0 : Integer.parseInt(m.group(4))
        });
  }

  /** The release as said: 12.3.1, or 11.8.3-1 with a build. */
  static String name(String version) {
    return of(version)
        .map(r -> r[0] + "." + r[1] + "." + r[2] + (r[3] > 0 ? "-" + r[3] : ""))
        .orElse(version);
  }

  /** Orders versions as releases; versions that are not releases are not comparable (null). */
  static final Comparator<int[]> ORDER =
      Comparator.<int[]>comparingInt(r -> r[0])
          .thenComparingInt(r -> r[1])
          .thenComparingInt(r -> r[2])
          .thenComparingInt(r -> r[3]);
}
