package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The home a command line is given reaches its verbs (VerbFactory), not the environment's. */
class VerbFactoryTest {
  @Test
  void aVerbReadsTheWarehouseOfTheHomeItIsGiven() throws Exception {
    Path root = TestDirs.fresh("given-home");
    Path elsewhere = TestDirs.fresh("given-warehouse");
    Path out = root.resolve("count.csv");
    int exit =
        Benchlake.execute(
            new BenchlakeHome(root, elsewhere),
            "sql",
            "select 42 as answer",
            "--format",
            "csv",
            "--out",
            out.toString());
    assertEquals(0, exit);
    assertEquals("answer\n42\n", Files.readString(out));
    // the session's spill space is made under the home given, not under the environment's
    assertTrue(Files.isDirectory(root.resolve("tmp")), "tmp under " + root);
  }
}
