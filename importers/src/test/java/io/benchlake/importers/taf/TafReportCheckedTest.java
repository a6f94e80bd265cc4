package io.benchlake.importers.taf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.PrintedStatistic;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.SourceStatistics;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What a TAF report holds arrives whole or not at all: no number read as another, every row as wide
 * as its header, the printed statistics and the title kept, iterations under their numbers.
 */
public class TafReportCheckedTest {
  static final String OLTP = "oltp_rw_11.4-13.0.txt";

  public static String fixture(String name) throws Exception {
    return Files.readString(TafReportParserTest.fixture(name));
  }

  public static SourceFile file(String name, String text) {
    return SourceFile.of(name, text.getBytes(StandardCharsets.UTF_8), Instant.EPOCH);
  }

  static BadInputException refused(String text) {
    return assertThrows(
        BadInputException.class, () -> TafReportParser.parse(file("report.txt", text)));
  }

  /** The 1-based line of the first line that starts with {@code prefix}. */
  public static int lineOf(String text, String prefix) {
    List<String> lines = text.lines().toList();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(prefix)) {
        return i + 1;
      }
    }
    throw new AssertionError("no line " + prefix);
  }

  @ParameterizedTest
  @ValueSource(strings = {"-617.23e999", "NaN", "Infinity", "-Infinity", "0x1p9", "617.23d"})
  void aNumberThatIsNotFiniteDecimalIsRefusedAtItsLine(String cell) throws Exception {
    String text = fixture(OLTP).replace("Iteration 2\t617.23", "Iteration 2\t" + cell);
    BadInputException e = refused(text);
    assertTrue(
        e.getMessage().startsWith("report.txt:" + lineOf(text, "Iteration 2\t" + cell) + ": "),
        e.getMessage());
    assertTrue(e.getMessage().contains("'" + cell + "'"), e.getMessage());
    assertTrue(e.getMessage().contains("finite"), e.getMessage());
  }

  @Test
  void aComparisonRowWithACellMissingIsRefusedAtItsLine() throws Exception {
    String text =
        fixture(OLTP)
            .replace("4\t640.220\t673.867\t604.497\t330.690", "4\t640.220\t673.867\t604.497");
    BadInputException e = refused(text);
    assertEquals(
        "report.txt:"
            + lineOf(text, "4\t640.220")
            + ": expected 5 tab-separated cells (a label and one per dataset, as the header), found 4",
        e.getMessage());
  }

  @Test
  void aThreadCountRowWithACellTooManyIsRefusedAtItsLine() throws Exception {
    String text =
        fixture(OLTP)
            .replace(
                "Min\t617.23\t658.42\t596.50\t312.29", "Min\t617.23\t658.42\t596.50\t312.29\t1");
    BadInputException e = refused(text);
    assertTrue(
        e.getMessage().startsWith("report.txt:" + lineOf(text, "Min\t617.23") + ": expected 5"),
        e.getMessage());
  }

  @Test
  void theReportsPrintedStatisticsAreKeptWithTheirDecimals() throws Exception {
    TafReport r = TafReportParser.parse(file("oltp.txt", fixture(OLTP)));
    List<PrintedStatistic> at4 = r.printed().get(4).get("Mariadb 11.4.2-MariaDB-log");
    assertTrue(at4.contains(new PrintedStatistic(4, "mean", 640.220, 3)), at4.toString());
    assertTrue(at4.contains(new PrintedStatistic(4, "mean", 640.22, 2)), at4.toString());
    assertTrue(at4.contains(new PrintedStatistic(4, "skewness", 0.0, 2)), at4.toString());
    assertTrue(at4.contains(new PrintedStatistic(4, "median", 640.21, 2)), at4.toString());
    assertEquals(10, at4.size(), "the Comparison mean and the nine rows of the Thread Count table");
  }

  @Test
  void eachRunCarriesItsPrintedStatisticsAndTheTitleInOneEvent() throws Exception {
    String text =
        fixture(OLTP)
            .replace("MariaDB Cached Read-Write and Write Cases", "MDEV-39364 - deeper look");
    ImportBatch batch =
        TafReportImporter.toEvents(
            TafReportParser.parse(file("oltp.txt", text)), Optional.empty(), Optional.empty());
    List<SourceStatistics> stats =
        batch.events().stream()
            .filter(e -> e instanceof SourceStatistics)
            .map(e -> (SourceStatistics) e)
            .toList();
    assertEquals(4, stats.size(), "one per dataset");
    SourceStatistics first = stats.get(0);
    assertEquals("TPS", first.metric());
    assertEquals(
        List.of("TPS by Thread Count", "TPS by Thread Count - OLTP_RW", "MDEV-39364 - deeper look"),
        first.title());
    assertEquals(6 * 10, first.statistics().size());
    assertEquals(
        "oltp.txt: \"TPS by Thread Count / TPS by Thread Count - OLTP_RW / MDEV-39364 - deeper"
            + " look\": TPS of OLTP_RW, 4 dataset(s), threads [4, 8, 16, 32, 64, 128]",
        batch.description());
  }

  @Test
  void anIterationKeepsItsNumberWhenAnEarlierOneIsEmpty() throws Exception {
    String text = fixture(OLTP).replace("Iteration 2\t617.23", "Iteration 2\texcluded");
    ImportBatch batch =
        TafReportImporter.toEvents(
            TafReportParser.parse(file("oltp.txt", text)), Optional.empty(), Optional.empty());
    List<Integer> numbers =
        batch.events().stream()
            .filter(e -> e instanceof IterationFinished i && i.threads() == 4)
            .map(e -> (IterationFinished) e)
            .filter(i -> i.values().get(0).value() == 640.21 || i.values().get(0).value() == 663.22)
            .map(IterationFinished::iteration)
            .toList();
    assertEquals(List.of(1, 3), numbers);
  }

  @Test
  void theSummaryNamesTheStoredTestNotATitleLine() throws Exception {
    String text =
        fixture(OLTP)
            .replace("TPS by Thread Count - OLTP_RW", "TPS by Thread Count - SELECT_SIMPLE")
            .replace(
                "Test Name\tOLTP_RW\tOLTP_RW\tOLTP_RW\tOLTP_RW",
                "Test Name\tSELECT_SIMPLE_RANGES\tSELECT_SIMPLE_RANGES\tSELECT_SIMPLE_RANGES\tSELECT_SIMPLE_RANGES");
    ImportBatch batch =
        TafReportImporter.toEvents(
            TafReportParser.parse(file("ranges.txt", text)), Optional.empty(), Optional.empty());
    assertTrue(
        batch.description().contains(": TPS of SELECT_SIMPLE_RANGES, 4 dataset(s)"),
        batch.description());
    assertEquals(
        "SELECT_SIMPLE_RANGES",
        batch.events().stream()
            .filter(e -> e instanceof RunStarted)
            .map(e -> ((RunStarted) e).testName())
            .findFirst()
            .orElseThrow());
  }

  @Test
  void aReportThatNamesNoTestIsToldToGiveOne() throws Exception {
    String text =
        fixture("tprocc_nopm_synthetic.txt")
            .replace("Comparison: NOPM", "Comparison: DELIVERY_ratio")
            .replaceAll("(?m)^Test Name\t.*\n", "");
    TafReport r = TafReportParser.parse(file("delivery.txt", text));
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> TafReportImporter.toEvents(r, Optional.empty(), Optional.empty()));
    assertTrue(e.getMessage().endsWith("give --test NAME"), e.getMessage());
    assertTrue(
        TafReportImporter.toEvents(r, Optional.empty(), Optional.of("TPROCC"))
            .description()
            .contains(": DELIVERY_ratio of TPROCC, 3 dataset(s)"));
  }
}
