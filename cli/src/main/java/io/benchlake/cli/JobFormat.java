package io.benchlake.cli;

import io.benchlake.analytics.query.OutputFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A schedule job's {@code --format} ({@code --format md} or {@code --format=md} among its args),
 * checked against the formats its verb offers as the verb's own {@link FormatOptions} checks it; a
 * mistake is an {@link IllegalArgumentException} naming the job, which the schedule's reader
 * reports with the file and the job's line.
 */
final class JobFormat {
  private static final String OPTION = "--format";

  private JobFormat() {}

  /** The format a job of {@code verb} with {@code args} writes. */
  static OutputFormat of(String job, String verb, List<String> args) {
    Optional<OfferedFormats> offered = ScheduleFile.formatsOf(verb);
    String expected =
        offered.map(o -> "use " + o.listed()).orElse("it takes no --format (it writes text)");
    Optional<String> asked = asked(job, expected, args);
    if (asked.isEmpty()) {
      return offered.map(OfferedFormats::byDefault).orElse(OutputFormat.TEXT);
    }
    return offered
        .flatMap(o -> o.pick(asked.get()))
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "job " + job + ": " + verb + " --format " + asked.get() + ": " + expected));
  }

  /** {@code args} without their --format and its value. */
  static List<String> withoutFormat(List<String> args) {
    List<String> rest = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      if (args.get(i).equals(OPTION)) {
        i++;
      } else if (!args.get(i).startsWith(OPTION + "=")) {
        rest.add(args.get(i));
      }
    }
    return rest;
  }

  /** The --format given, if any; a dangling or second --format is a mistake. */
  private static Optional<String> asked(String job, String expected, List<String> args) {
    Optional<String> asked = Optional.empty();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (!a.equals(OPTION) && !a.startsWith(OPTION + "=")) {
        continue;
      }
      if (asked.isPresent()) {
        throw new IllegalArgumentException("job " + job + ": --format is given twice");
      }
      if (a.equals(OPTION) && i + 1 >= args.size()) {
        throw new IllegalArgumentException("job " + job + ": --format needs a value: " + expected);
      }
      asked = Optional.of(a.equals(OPTION) ? args.get(++i) : a.substring(OPTION.length() + 1));
    }
    return asked;
  }
}
