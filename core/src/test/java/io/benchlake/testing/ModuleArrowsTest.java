package io.benchlake.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModuleArrowsTest {
  @TempDir Path dir;

  @Test
  void aDependencyInAProfileActiveByDefaultIsAnArrowLikeAnyOther() throws Exception {
    Path pom =
        pom(
            "analytics",
            """
              <dependencies>
                <dependency><groupId>io.benchlake</groupId><artifactId>benchlake-warehouse</artifactId></dependency>
              </dependencies>
              <profiles>
                <profile>
                  <id>with-the-bus</id>
                  <activation><activeByDefault>true</activeByDefault></activation>
                  <dependencies>
                    <dependency>
                      <groupId>io.benchlake</groupId>
                      <artifactId>benchlake-bus</artifactId>
                      <scope>test</scope>
                    </dependency>
                  </dependencies>
                </profile>
              </profiles>
            """);
    assertEquals(
        List.of("analytics -> bus (profile with-the-bus)"),
        ModuleArrows.violations(PomArrows.declared(pom)));
  }

  @Test
  void aWrongArrowInAnyScopeIsReportedAndItsOwnTestJarIsNot() throws Exception {
    Path pom =
        pom(
            "core",
            """
              <dependencies>
                <dependency><groupId>io.benchlake</groupId><artifactId>benchlake-core</artifactId><type>test-jar</type></dependency>
                <dependency><groupId>io.benchlake</groupId><artifactId>benchlake-schemas</artifactId><scope>test</scope></dependency>
                <dependency><groupId>com.example</groupId><artifactId>benchlake-web</artifactId></dependency>
              </dependencies>
            """);
    assertEquals(List.of("core -> schemas"), ModuleArrows.violations(PomArrows.declared(pom)));
  }

  @Test
  void theModulesToComeHoldTheirArrowsAlready() {
    List<PomArrows.Arrow> arrows =
        List.of(
            new PomArrows.Arrow("changepoints", "analytics", "dependencies"),
            new PomArrows.Arrow("ingest", "alerts", "dependencies"),
            new PomArrows.Arrow("web", "bus", "dependencies"),
            new PomArrows.Arrow("alerts", "bus", "dependencies"),
            new PomArrows.Arrow("cli", "web", "dependencies"),
            new PomArrows.Arrow("it", "cli", "dependencies"),
            new PomArrows.Arrow("reports", "core", "dependencies"));
    assertEquals(
        List.of(
            "changepoints -> analytics",
            "ingest -> alerts",
            "it -> cli",
            "reports -> core (reports has no arrows in ModuleArrows.ALLOWED)",
            "web -> bus"),
        ModuleArrows.violations(arrows));
  }

  @Test
  void aModuleOnlyInAProfileIsAModuleOfTheRoot() throws Exception {
    Path root = dir.resolve("pom.xml");
    Files.writeString(
        root,
        """
        <project>
          <artifactId>benchlake-parent</artifactId>
          <modules><module>core</module></modules>
          <profiles><profile><id>bench</id><modules><module>bench</module></modules></profile></profiles>
        </project>
        """);
    assertEquals(List.of("core", "bench"), PomArrows.modules(root));
  }

  @Test
  void aModuleWithoutArrowsHasNoClassRules() {
    AssertionError e =
        assertThrows(AssertionError.class, () -> ModuleArrows.classesFollowTheArrows("reports"));
    assertEquals(
        "module reports has no arrows: add them to ModuleArrows.ALLOWED and docs/modules.md",
        e.getMessage());
  }

  private Path pom(String module, String body) throws Exception {
    Path pom = dir.resolve(module + "-pom.xml");
    Files.writeString(
        pom,
        "<project>\n  <artifactId>benchlake-" + module + "</artifactId>\n" + body + "</project>\n");
    return pom;
  }
}
