package io.benchlake.cli;

import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.home.BadInputException;
import java.util.function.Function;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --format} and {@code --out} of a verb that prints a result, declared once: the verb names
 * the formats it offers, the first its default ({@code @Mixin FormatOptions formats =
 * FormatOptions.of(TEXT, MD, JSON)}), and any other format is refused with one line (exit 2). The
 * formats offered are an {@link OfferedFormats}.
 */
final class FormatOptions extends OutputFile {
  private final OfferedFormats offered;
  private CommandSpec verb;

  @Option(names = "--format", paramLabel = "FORMAT")
  String format;

  private FormatOptions(OfferedFormats offered) {
    this.offered = offered;
    this.format = OfferedFormats.name(offered.byDefault()); // picocli shows it as the default
  }

  /** The formats a verb offers, its default first. */
  static FormatOptions of(OutputFormat first, OutputFormat... more) {
    return of(OfferedFormats.of(first, more));
  }

  /** The formats a verb offers, named where a schedule's job checks its --format too. */
  static FormatOptions of(OfferedFormats offered) {
    return new FormatOptions(offered);
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
              .description(offered.listed() + " (default: ${DEFAULT-VALUE}).")
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
    return offered
        .pick(format)
        .orElseThrow(
            () ->
                new BadInputException(
                    verbName() + " --format " + format + ": use " + offered.listed()));
  }

  /**
   * Writes what {@code query} answers in the format asked for, which is checked before {@code
   * session} opens one (closed once the answer is read).
   */
  void writeAnswer(
      Supplier<AnalyticsSession> session, Function<AnalyticsSession, QueryResult> query) {
    OutputFormat f = chosen();
    try (AnalyticsSession s = session.get()) {
      write(ResultFormatter.render(query.apply(s), f));
    }
  }

  private String verbName() {
    String qualified = verb == null ? "" : verb.qualifiedName(" ");
    int space = qualified.indexOf(' ');
    return space < 0 ? qualified : qualified.substring(space + 1);
  }
}
