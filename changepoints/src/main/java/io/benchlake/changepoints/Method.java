package io.benchlake.changepoints;

import io.benchlake.home.BadInputException;
import java.util.List;
import java.util.Locale;

/** The change-point detectors {@code benchlake changes --method} offers. */
public enum Method {
  /** The default ({@link Detector}): steps with evidence, trends, outliers, seasonality. */
  SEGMENTS(1e-4),
  /** Today's detector before issue 25 ({@link ChangePoints}), kept so users can compare. */
  OTAVA(0.001);

  private final double defaultAlpha;

  Method(double defaultAlpha) {
    this.defaultAlpha = defaultAlpha;
  }

  public double defaultAlpha() {
    return defaultAlpha;
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Method parse(String text) {
    for (Method m : values()) {
      if (m.label().equals(text)) {
        return m;
      }
    }
    throw new BadInputException(
        "--method " + text + ": use " + String.join(" or ", List.of("segments", "otava")));
  }
}
