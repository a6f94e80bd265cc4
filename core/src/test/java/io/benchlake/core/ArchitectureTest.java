package io.benchlake.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.testing.ModuleArchitectureTest;
import io.benchlake.testing.ModuleArrows;
import io.benchlake.testing.PomArrows;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * core's architecture, and the whole tree's: every module of the root pom has arrows, follows them
 * in its pom (profiles included), and runs the same checks in its own build.
 */
class ArchitectureTest extends ModuleArchitectureTest {
  @Test
  void everyModuleHasArrowsFollowsThemAndChecksItsOwnClasses() throws Exception {
    Path root = moduleDir.getParent();
    List<String> wrong = new ArrayList<>();
    for (String module : PomArrows.modules(root.resolve("pom.xml"))) {
      Path dir = root.resolve(module);
      if (!ModuleArrows.ALLOWED.containsKey(module)) {
        wrong.add(module + " has no arrows in ModuleArrows.ALLOWED");
      }
      wrong.addAll(ModuleArrows.violations(PomArrows.declared(dir.resolve("pom.xml"))));
      try (Stream<Path> tests = walk(dir.resolve("src/test/java"))) {
        if (tests.noneMatch(f -> f.getFileName().toString().equals("ArchitectureTest.java"))) {
          wrong.add(module + " has no ArchitectureTest (extends ModuleArchitectureTest)");
        }
      }
    }
    assertEquals(List.of(), wrong, "modules of the root pom against docs/modules.md");
  }

  private static Stream<Path> walk(Path dir) throws Exception {
    return Files.isDirectory(dir) ? Files.walk(dir) : Stream.empty();
  }
}
