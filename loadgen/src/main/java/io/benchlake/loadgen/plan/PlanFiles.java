package io.benchlake.loadgen.plan;

import io.benchlake.home.BadInputException;
import io.benchlake.home.YamlFile;
import java.nio.file.Path;

/** Reads plan files: YAML mapped straight onto {@link PlanFile}, mistakes as file:line. */
public final class PlanFiles {
  private PlanFiles() {}

  public static PlanFile read(Path file) {
    return parse(YamlFile.text(file, "plan"), file.toString());
  }

  /** Parses a plan's text; {@code source} names it in messages. */
  public static PlanFile parse(String text, String source) {
    return YamlFile.parse(text, source, PlanFile.class, "plan");
  }

  /**
   * Resolves a parsed plan; a bad value is reported at the line of its key where the file has one.
   */
  public static BenchmarkPlan resolve(PlanFile plan, String text, String source) {
    try {
      return BenchmarkPlan.resolve(plan);
    } catch (IllegalArgumentException | BadInputException e) {
      String message = e.getMessage();
      long line = 0;
      if (message.startsWith("--") && text != null) {
        String key = message.substring(2).split("[ ']", 2)[0];
        line = YamlFile.lineOf(text, key);
      }
      throw line > 0
          ? BadInputException.at(source, line, message)
          : new BadInputException(source + ": " + message);
    }
  }
}
