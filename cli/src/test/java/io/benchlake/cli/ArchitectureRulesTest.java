package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import io.benchlake.cli.fixture.ReachesTheBus;
import io.benchlake.testing.ModuleArrows;
import org.junit.jupiter.api.Test;

/** The class rules of core's test-jar, tried where every module is on the class path. */
class ArchitectureRulesTest {
  private final JavaClasses reachesTheBus =
      new ClassFileImporter().importClasses(ReachesTheBus.class);

  @Test
  void aClassThatReachesAModuleItsArrowsDoNotAllowFailsEvenThroughVar() {
    EvaluationResult result =
        ModuleArrows.classesFollowTheArrows("analytics").evaluate(reachesTheBus);
    assertTrue(result.hasViolation(), "no violation found");
    assertTrue(
        result.getFailureReport().toString().contains("io.benchlake.bus.BrokerEndpoint"),
        result.getFailureReport().toString());
    assertFalse(
        ModuleArrows.classesFollowTheArrows("importers").evaluate(reachesTheBus).hasViolation());
  }

  @Test
  void aClassInAnotherModulesPackageFails() {
    assertTrue(
        ModuleArrows.classesLiveInTheirModulesPackages("analytics")
            .evaluate(reachesTheBus)
            .hasViolation());
    assertFalse(
        ModuleArrows.classesLiveInTheirModulesPackages("cli")
            .evaluate(reachesTheBus)
            .hasViolation());
  }
}
