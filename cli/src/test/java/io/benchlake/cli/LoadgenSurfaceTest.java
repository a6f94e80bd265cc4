package io.benchlake.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.benchlake.cli.fixture.ReachesPastTheLoadgenSurface;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The launcher reaches the load generator through its entry point ({@code LoadGenerator}) and the
 * plan's records only, so loadgen's insides can change without the launcher changing with them.
 * Checked on the compiled classes: a type reached through {@code var} or a call's result counts.
 */
class LoadgenSurfaceTest {
  /** The surface docs/modules.md names; types nested in these belong to it too. */
  private static final Set<String> SURFACE =
      Set.of(
          "io.benchlake.loadgen.LoadGenerator",
          "io.benchlake.loadgen.plan.BenchmarkPlan",
          "io.benchlake.loadgen.plan.PlanFile",
          "io.benchlake.loadgen.plan.DatasetSpec",
          "io.benchlake.loadgen.plan.ServerSpec",
          "io.benchlake.loadgen.workload.OptionSpec",
          "io.benchlake.loadgen.env.Redaction");

  private static final DescribedPredicate<JavaClass> PAST_THE_SURFACE =
      DescribedPredicate.describe(
          "are load generator types past its surface " + SURFACE,
          type -> {
            JavaClass base = type.getBaseComponentType();
            String name = base.getName();
            int nested = name.indexOf('$');
            String outer = nested < 0 ? name : name.substring(0, nested);
            return base.getPackageName().startsWith("io.benchlake.loadgen")
                && !SURFACE.contains(outer);
          });

  static final ArchRule THE_SURFACE_ONLY =
      noClasses()
          .should()
          .dependOnClassesThat(PAST_THE_SURFACE)
          .because("the launcher goes through LoadGenerator and the plan's records");

  @Test
  void theLauncherUsesOnlyTheLoadGeneratorsEntryPointAndThePlansRecords() {
    THE_SURFACE_ONLY.check(new ClassFileImporter().importPath(Path.of("target/classes")));
  }

  @Test
  void aTypeReachedThroughVarIsSeen() {
    EvaluationResult result =
        THE_SURFACE_ONLY.evaluate(
            new ClassFileImporter().importClasses(ReachesPastTheLoadgenSurface.class));
    assertTrue(result.hasViolation(), "no violation found");
    assertTrue(
        result
            .getFailureReport()
            .toString()
            .contains("io.benchlake.loadgen.server.ServerUnderTest"),
        result.getFailureReport().toString());
  }
}
