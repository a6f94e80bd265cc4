package io.benchlake.importers.benchbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A summary without its per-second samples is refused at file:line naming them, whichever
 * generation of BenchBase wrote it (2021: neither goodput nor start; 2022 to Nov 2023: goodput; Nov
 * 2023 on: goodput and start timestamp).
 */
class BenchbaseSamplesMissingTest {
  private static final String SET = "tpcc_2025-03-10_09-01-00";

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"2021", "2022", "2023"})
  void aSummaryOfEveryGenerationWithoutItsSamplesIsRefused(String generation) throws Exception {
    BenchbaseImportTest.copy(dir);
    Path summary = dir.resolve(SET + ".summary.json");
    String text = Files.readString(summary);
    if (!generation.equals("2023")) {
      text = text.replaceFirst(" \"Start timestamp \\(milliseconds\\)\": [0-9]+,\n", "");
    }
    if (generation.equals("2021")) {
      text = text.replaceFirst(",\n \"Goodput \\(requests/second\\)\": [0-9.]+\n", "\n");
    }
    assertEquals(generation.equals("2023"), text.contains("Start timestamp"), text);
    assertEquals(!generation.equals("2021"), text.contains("Goodput"), text);
    Files.writeString(summary, text);
    Files.delete(dir.resolve(SET + ".samples.csv"));
    String m =
        assertThrows(
                BadInputException.class,
                () -> BenchbaseImport.batches(BenchbaseImportTest.request(dir, false), null))
            .getMessage();
    assertEquals(
        summary
            + ":1: no "
            + SET
            + ".samples.csv beside this summary: a BenchBase result set is read with its"
            + " per-second samples",
        m);
  }
}
