package io.benchlake.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The text of a file a module ships on its class path (its SQL files: analytics' queries, the
 * alerts' and the dashboard's, loadgen's TPROC-C schema). A missing one is a bug of the build, not
 * the user's mistake.
 */
public final class ClassPathText {
  private ClassPathText() {}

  /**
   * The UTF-8 text at {@code path}, resolved as {@code owner}'s resources are (relative to its
   * package, or absolute with a leading slash).
   */
  public static String read(Class<?> owner, String path) {
    try (InputStream in = owner.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + path + " beside " + owner.getName());
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
