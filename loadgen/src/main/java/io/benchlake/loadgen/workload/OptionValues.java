package io.benchlake.loadgen.workload;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The given options of a workload laid over its defaults, read by kind. Every mistake is an {@link
 * InvalidOption} naming the option, which the command line turns into one line.
 */
public final class OptionValues {
  private final Map<String, String> values;

  private OptionValues(Map<String, String> values) {
    this.values = values;
  }

  /**
   * The defaults of {@code specs} with {@code given} laid over them (names with '-' or '_'); an
   * unknown name lists the known ones.
   */
  public static OptionValues of(List<OptionSpec> specs, Map<String, String> given) {
    Map<String, String> v = new LinkedHashMap<>();
    specs.forEach(s -> v.put(s.name(), s.defaultValue()));
    given.forEach(
        (name, value) -> {
          String key = name.replace('_', '-');
          if (!v.containsKey(key)) {
            throw new InvalidOption(
                key,
                "is not an option of this workload (known: "
                    + specs.stream().map(OptionSpec::name).collect(Collectors.joining(", "))
                    + ")");
          }
          v.put(key, value);
        });
    return new OptionValues(v);
  }

  public String text(String name) {
    return values.get(name).trim();
  }

  public int integer(String name) {
    long value = longValue(name);
    if (value > Integer.MAX_VALUE || value < Integer.MIN_VALUE) {
      throw new InvalidOption(name, "is too large: " + value);
    }
    return (int) value;
  }

  public long longValue(String name) {
    String text = text(name);
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new InvalidOption(name, "expects a whole number, was '" + text + "'");
    }
  }

  public double decimal(String name) {
    String text = text(name);
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new InvalidOption(name, "expects a number, was '" + text + "'");
    }
  }

  public boolean bool(String name) {
    return onOff(name, text(name));
  }

  /** sysbench's on/off value of option {@code name}: on, true, yes, 1 or off, false, no, 0. */
  public static boolean onOff(String name, String value) {
    String text = value.toLowerCase(Locale.ROOT);
    return switch (text) {
      case "on", "true", "yes", "1" -> true;
      case "off", "false", "no", "0" -> false;
      default -> throw new InvalidOption(name, "expects on or off, was '" + text + "'");
    };
  }

  public static String onOff(boolean b) {
    return b ? "on" : "off";
  }

  public static void requireAtLeast(String name, long value, long min) {
    if (value < min) {
      throw new InvalidOption(name, "must be at least " + min + ", was " + value);
    }
  }
}
