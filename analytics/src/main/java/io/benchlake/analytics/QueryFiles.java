package io.benchlake.analytics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The SQL of the verbs' queries, kept as .sql resources under /queries (CONTRIBUTING.md). */
public final class QueryFiles {
  private QueryFiles() {}

  public static String read(String name) {
    try (InputStream in = QueryFiles.class.getResourceAsStream("/queries/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing query /queries/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
