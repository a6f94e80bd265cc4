package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The launcher reaches the load generator through its entry point ({@code LoadGenerator}) and the
 * plan's records only, so loadgen's insides can change without the launcher changing with them.
 */
class LoadgenSurfaceTest {
  private static final Set<String> ALLOWED =
      Set.of(
          "io.benchlake.loadgen.LoadGenerator",
          "io.benchlake.loadgen.plan.BenchmarkPlan",
          "io.benchlake.loadgen.plan.PlanFile",
          "io.benchlake.loadgen.plan.DatasetSpec",
          "io.benchlake.loadgen.plan.ServerSpec",
          "io.benchlake.loadgen.workload.OptionSpec",
          "io.benchlake.loadgen.env.Redaction");

  private static final Pattern LOADGEN_TYPE =
      Pattern.compile("\\bio\\.benchlake\\.loadgen(?:\\.[a-z][a-z0-9]*)*\\.[A-Z]\\w*");

  @Test
  void theLauncherUsesOnlyTheLoadGeneratorsEntryPointAndThePlansRecords() throws Exception {
    Set<String> used = new TreeSet<>();
    try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
      for (Path source : sources.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher m = LOADGEN_TYPE.matcher(Files.readString(source));
        while (m.find()) {
          used.add(m.group());
        }
      }
    }
    used.removeAll(ALLOWED);
    assertEquals(Set.of(), used, "loadgen types the launcher reaches past its entry point");
  }
}
