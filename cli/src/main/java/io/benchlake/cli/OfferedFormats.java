package io.benchlake.cli;

import io.benchlake.analytics.query.OutputFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The formats a verb offers, its default first: what a verb's {@code --format} ({@link
 * FormatOptions}) and a schedule's job ({@link ScheduleFile.Job#format()}) are checked against.
 * {@code table} and {@code text} are one format, as docs/architecture.md says.
 */
record OfferedFormats(List<OutputFormat> formats) {
  OfferedFormats {
    if (formats.isEmpty()) {
      throw new IllegalArgumentException("a verb that prints offers at least one format");
    }
    formats = List.copyOf(formats);
  }

  static OfferedFormats of(OutputFormat first, OutputFormat... more) {
    return new OfferedFormats(Stream.concat(Stream.of(first), Arrays.stream(more)).toList());
  }

  /** The format a verb writes when none is asked for. */
  OutputFormat byDefault() {
    return formats.get(0);
  }

  /**
   * The format {@code asked} names, if offered ({@code table} and {@code text} read as whichever of
   * them is offered); empty for a format not offered or not known.
   */
  Optional<OutputFormat> pick(String asked) {
    Optional<OutputFormat> named = OutputFormat.named(asked);
    return named
        .filter(formats::contains)
        .or(() -> named.flatMap(OfferedFormats::twin).filter(formats::contains));
  }

  /** The formats offered, as a message lists them: {@code text, md or json}. */
  String listed() {
    List<String> names = formats.stream().map(OfferedFormats::name).toList();
    int last = names.size() - 1;
    return last == 0
        ? names.get(0)
        : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
  }

  static String name(OutputFormat f) {
    return f.name().toLowerCase(Locale.ROOT);
  }

  private static Optional<OutputFormat> twin(OutputFormat f) {
    return switch (f) {
      case TEXT -> Optional.of(OutputFormat.TABLE);
      case TABLE -> Optional.of(OutputFormat.TEXT);
      default -> Optional.empty();
    };
  }
}
