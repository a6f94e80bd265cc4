package io.benchlake.analytics;

import io.benchlake.core.ClassPathText;

/** The SQL of the verbs' queries, kept as .sql resources under /queries (CONTRIBUTING.md). */
public final class QueryFiles {
  private QueryFiles() {}

  public static String read(String name) {
    return ClassPathText.read(QueryFiles.class, "/queries/" + name);
  }
}
