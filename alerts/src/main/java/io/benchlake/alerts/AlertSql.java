package io.benchlake.alerts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The alerts' SQL files ({@code /alerts/NAME} on the class path), read by a class with no other
 * static state, so that a query's constant may be read first by any class of the module.
 */
public final class AlertSql {
  private AlertSql() {}

  public static String of(String name) {
    try (InputStream in = AlertSql.class.getResourceAsStream("/alerts/" + name)) {
      if (in == null) {
        throw new IllegalStateException("missing /alerts/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
