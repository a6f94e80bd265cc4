package io.benchlake.loadgen.plan;

import io.benchlake.home.BadInputException;
import io.benchlake.home.YamlFile;
import io.benchlake.home.YamlLines;
import io.benchlake.loadgen.workload.InvalidOption;
import io.benchlake.loadgen.workload.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Reads plan files: YAML mapped straight onto {@link PlanFile}, mistakes as file:line. */
public final class PlanFiles {
  private PlanFiles() {}

  public static PlanFile read(Path file) {
    return parse(YamlFile.text(file, "plan"), file.toString());
  }

  /**
   * The run's flags laid over {@code planFile} (when there is one) and resolved; a path that is
   * neither a plan file nor a workload's name says so.
   */
  public static BenchmarkPlan resolve(PlanFile flags, Path planFile) {
    if (planFile == null) {
      return resolve(flags, null, "command line");
    }
    if (!Files.isRegularFile(planFile)) {
      throw new BadInputException(
          planFile.toString().matches(".*\\.ya?ml")
              ? "no plan file " + planFile
              : "'"
                  + planFile
                  + "' is neither a plan file nor a workload (known: "
                  + String.join(", ", Workloads.names())
                  + ")");
    }
    String text = YamlFile.text(planFile, "plan");
    String source = planFile.toString();
    return resolve(flags.over(parse(text, source)), flags, text, source);
  }

  /** Parses a plan's text; {@code source} names it in messages. */
  public static PlanFile parse(String text, String source) {
    return YamlFile.parse(text, source, PlanFile.class, "plan");
  }

  /**
   * Resolves a parsed plan; a bad value is reported at the line of its key where the file has one:
   * a plan key, or a workload option under {@code options} (spelt with '-' or '_').
   */
  public static BenchmarkPlan resolve(PlanFile plan, String text, String source) {
    return resolve(plan, null, text, source);
  }

  /** As above; a bad value the {@code flags} (null: none) give has no line of the file. */
  private static BenchmarkPlan resolve(PlanFile plan, PlanFile flags, String text, String source) {
    try {
      return BenchmarkPlan.resolve(plan);
    } catch (InvalidOption e) {
      boolean flagged = flags != null && flags.gives(e.key());
      long line = text == null || flagged ? 0 : lineOf(e.key(), YamlFile.lines(text));
      throw line > 0
          ? BadInputException.at(source, line, e.getMessage())
          : new BadInputException(source + ": " + e.getMessage());
    } catch (IllegalArgumentException | BadInputException e) {
      throw new BadInputException(source + ": " + e.getMessage());
    }
  }

  /** The line of an option's key: a plan key, else a workload option spelt with '-' or '_'. */
  private static long lineOf(String key, YamlLines lines) {
    return Stream.of(
            List.of(key), List.of("options", key), List.of("options", key.replace('-', '_')))
        .mapToLong(lines::line)
        .filter(line -> line > 0)
        .findFirst()
        .orElse(0);
  }
}
