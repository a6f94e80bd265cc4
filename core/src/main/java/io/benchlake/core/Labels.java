package io.benchlake.core;

import java.util.Locale;
import java.util.Optional;

/**
 * The names people give results (datasets, tests, tags, hosts, alias names, an annotation's reason)
 * are printable text on one line: a tab, a line break, NUL or a lone surrogate would break the text
 * report's tab-separated rows and every line-based reader after it.
 */
public final class Labels {
  private Labels() {}

  /** Why {@code text} is no label, as "WHAT holds ...", if it is not; null is no problem here. */
  public static Optional<String> problem(String what, String text) {
    if (text == null) {
      return Optional.empty();
    }
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < text.length()
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
        continue;
      }
      int type = Character.getType(c);
      if (Character.isSurrogate(c)
          || Character.isISOControl(c)
          || type == Character.LINE_SEPARATOR
          || type == Character.PARAGRAPH_SEPARATOR) {
        return Optional.of(
            String.format(
                Locale.ROOT,
                "%s holds %s at character %d; a label is printable text on one line",
                what,
                name(c),
                i + 1));
      }
    }
    return Optional.empty();
  }

  private static String name(char c) {
    return switch (c) {
      case '\t' -> "a tab";
      case '\n' -> "a line break";
      case '\r' -> "a carriage return";
      case '\0' -> "NUL";
      default ->
          String.format(
              Locale.ROOT,
              Character.isSurrogate(c)
                  ? "a lone surrogate (U+%04X)"
                  : "a control character (U+%04X)",
              (int) c);
    };
  }
}
