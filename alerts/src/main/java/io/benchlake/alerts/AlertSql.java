package io.benchlake.alerts;

import io.benchlake.core.ClassPathText;

/**
 * The alerts' SQL files ({@code /alerts/NAME} on the class path), read by a class with no other
 * static state, so that a query's constant may be read first by any class of the module.
 */
public final class AlertSql {
  private AlertSql() {}

  public static String of(String name) {
    return ClassPathText.read(AlertSql.class, "/alerts/" + name);
  }
}
