package io.benchlake.testing;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/**
 * The fixture files a module's tests read, copied into its test resources under {@code fixtures/}
 * so the repository tests itself. A path, not a stream: imports read files and whole directories.
 */
public final class Fixtures {
  private Fixtures() {}

  /** {@code fixtures/first/more...} of the calling module's test resources. */
  public static Path path(String first, String... more) {
    String name = "/fixtures/" + first + (more.length == 0 ? "" : "/" + String.join("/", more));
    URL url = Fixtures.class.getResource(name);
    if (url == null) {
      throw new IllegalStateException(
          "no test resource " + name + "; copy it under this module's src/test/resources" + name);
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException("test resource " + name + " at " + url, e);
    }
  }
}
