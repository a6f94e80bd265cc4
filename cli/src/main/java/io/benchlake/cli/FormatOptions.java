package io.benchlake.cli;

import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.home.BadInputException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --format} and {@code --out} of a verb that prints a result, declared once: the verb names
 * the formats it offers, the first its default ({@code @Mixin FormatOptions formats =
 * FormatOptions.of(TEXT, MD, JSON)}), and any other format is refused with one line (exit 2).
 * {@code table} and {@code text} are one format, as docs/architecture.md says.
 */
final class FormatOptions extends OutputFile {
  private final List<OutputFormat> offered;
  private CommandSpec verb;

  @Option(names = "--format", paramLabel = "FORMAT")
  String format;

  private FormatOptions(List<OutputFormat> offered) {
    this.offered = offered;
    this.format = name(offered.get(0)); // picocli shows the initial value as the default
  }

  /** The formats a verb offers, its default first. */
  static FormatOptions of(OutputFormat first, OutputFormat... more) {
    return new FormatOptions(Stream.concat(Stream.of(first), Arrays.stream(more)).toList());
  }

  /**
   * The verb this mixin is part of; its {@code --format} gets the description that lists the
   * formats offered (picocli adds the mixin's options to the verb before it injects the verb).
   */
  @Spec(Spec.Target.MIXEE)
  void verb(CommandSpec spec) {
    verb = spec;
    OptionSpec declared = spec.findOption("--format");
    if (declared != null && declared.description().length == 0) {
      spec.remove(declared);
      spec.addOption(
          OptionSpec.builder(declared)
              .description(listed() + " (default: ${DEFAULT-VALUE}).")
              .build());
    }
  }

  /**
   * The format asked for, one the verb offers ({@code table} and {@code text} read as whichever of
   * them it offers).
   *
   * @throws BadInputException naming the verb, the format and the ones it offers
   */
  OutputFormat chosen() {
    OutputFormat asked = known(format);
    if (asked != null && offered.contains(asked)) {
      return asked;
    }
    OutputFormat twin =
        asked == OutputFormat.TEXT
            ? OutputFormat.TABLE
            : asked == OutputFormat.TABLE ? OutputFormat.TEXT : null;
    if (twin != null && offered.contains(twin)) {
      return twin;
    }
    throw new BadInputException(verbName() + " --format " + format + ": use " + listed());
  }

  private static OutputFormat known(String value) {
    for (OutputFormat f : OutputFormat.values()) {
      if (f.name().equalsIgnoreCase(value.trim())) {
        return f;
      }
    }
    return null;
  }

  private String listed() {
    List<String> names = offered.stream().map(FormatOptions::name).toList();
    int last = names.size() - 1;
    return last == 0
        ? names.get(0)
        : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
  }

  private String verbName() {
    String qualified = verb == null ? "" : verb.qualifiedName(" ");
    int space = qualified.indexOf(' ');
    return space < 0 ? qualified : qualified.substring(space + 1);
  }

  private static String name(OutputFormat f) {
    return f.name().toLowerCase(Locale.ROOT);
  }
}
