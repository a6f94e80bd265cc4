package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.Importers;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What the launcher says about itself: help of every verb, the version, the import formats. */
class CliMessagesTest {
  @Test
  void importHelpListsEveryFormat() {
    CliRunner.Run help = CliRunner.run("import", "--help");
    assertEquals(0, help.exit(), help.err());
    for (FormatImporter f : Importers.all()) {
      assertTrue(help.out().contains(f.name()), f.name() + " in\n" + help.out());
    }
  }

  @Test
  void serverHelpPrintsItsOptions() {
    CliRunner.Run help = CliRunner.run("server", "--help");
    assertEquals(0, help.exit(), help.err());
    assertTrue(help.out().startsWith("Usage: benchlake server"), help.out());
    assertTrue(help.out().contains("--version=<version>"), "the MariaDB version option");
    assertEquals("", help.err());
  }

  @Test
  void reportHelpPrintsNoPicocliWarning() {
    CliRunner.Run help = CliRunner.run("report", "--help");
    assertEquals(0, help.exit());
    assertEquals("", help.err());
    assertTrue(help.out().contains("change from, in %."), help.out());
  }

  @Test
  void everyVerbHasHelpWithoutWarnings() {
    for (String verb :
        Benchlake.commandLine(new BenchlakeHome(Path.of("no-home"))).getSubcommands().keySet()) {
      if (verb.equals("help")) {
        continue;
      }
      CliRunner.Run help = CliRunner.run(verb, "--help");
      assertEquals(0, help.exit(), verb + ": " + help.err());
      assertEquals("", help.err(), verb);
      assertTrue(help.out().startsWith("Usage: benchlake " + verb), verb);
    }
  }

  @Test
  void versionNamesTheReleaseAndTheCommitItWasBuiltFrom() throws Exception {
    CliRunner.Run version = CliRunner.run("-V");
    assertEquals(0, version.exit());
    assertTrue(
        version.out().matches("benchlake \\S+ \\(commit ([0-9a-f]{12}|unknown)\\)\n"),
        version.out());
    assertFalse(version.out().contains("development build"), version.out());
    String head = gitHead();
    if (head != null) {
      assertTrue(version.out().contains("(commit " + head + ")"), version.out() + " vs " + head);
    }
  }

  /** The commit this tree is at, or null without git (a source archive). */
  private static String gitHead() throws IOException, InterruptedException {
    Path root = Path.of(System.getProperty("benchlake.root", ".."));
    try {
      Process git =
          new ProcessBuilder("git", "rev-parse", "--short=12", "HEAD")
              .directory(root.toFile())
              .redirectErrorStream(true)
              .start();
      String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? out : null;
    } catch (IOException e) {
      return null;
    }
  }
}
