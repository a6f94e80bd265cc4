package io.benchlake.cli;

import io.benchlake.core.Durations;
import picocli.CommandLine;

/** Durations with a unit (10s, 5m, 1h, 250ms); a bare number means seconds. Gives seconds. */
final class DurationConverter implements CommandLine.ITypeConverter<Double> {
  @Override
  public Double convert(String value) {
    try {
      return Durations.seconds(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.TypeConversionException(e.getMessage());
    }
  }
}
