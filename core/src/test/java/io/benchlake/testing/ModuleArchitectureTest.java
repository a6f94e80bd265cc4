package io.benchlake.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The architecture checks every module runs in its own build ({@code mvn verify -pl <module>}): a
 * module's test {@code ArchitectureTest extends ModuleArchitectureTest} checks its pom and its
 * compiled classes against {@link ModuleArrows}. Maven runs tests in the module's directory.
 */
public abstract class ModuleArchitectureTest {
  private static final Map<Path, JavaClasses> IMPORTED = new ConcurrentHashMap<>();

  /** The module under test: the directory the build runs its tests in. */
  protected final Path moduleDir = Path.of("").toAbsolutePath();

  protected final String module = PomArrows.module(moduleDir.resolve("pom.xml"));

  @Test
  void itsPomDependsOnlyAlongItsArrowsProfilesIncluded() {
    List<String> wrong = ModuleArrows.violations(PomArrows.declared(moduleDir.resolve("pom.xml")));
    assertEquals(List.of(), wrong, "dependencies against the arrows of docs/modules.md");
  }

  @Test
  void itsClassesUseOnlyTheModulesItsArrowsAllow() {
    ModuleArrows.classesFollowTheArrows(module).check(compiledClasses());
  }

  @Test
  void itsClassesLiveInItsOwnPackages() {
    ModuleArrows.classesLiveInTheirModulesPackages(module).check(compiledClasses());
  }

  /** This module's compiled main and test classes, not the class path's; imported once. */
  protected JavaClasses compiledClasses() {
    return IMPORTED.computeIfAbsent(
        moduleDir,
        dir ->
            new ClassFileImporter()
                .importPaths(
                    Stream.of("classes", "test-classes")
                        .map(built -> dir.resolve("target").resolve(built))
                        .filter(Files::isDirectory)
                        .toArray(Path[]::new)));
  }
}
