package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.events.EventLinesImporterTest;
import io.benchlake.schemas.EventCodec;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The one list of importers: names, versions, and each tool's output told from the others'. */
class ImportersTest {
  @Test
  void everyImporterHasItsOwnNameAndTheVersionItsReadingsCarry() {
    List<String> names = Importers.all().stream().map(FormatImporter::name).toList();
    assertEquals(
        List.of("sysbench", "hammerdb", "taf-report", "events", "benchbase", "tpcc-mysql"), names);
    assertEquals(names.size(), new HashSet<>(names).size());
    // the versions recorded on runs imported so far: changing one replaces those runs
    assertEquals(
        List.of(3, 4, 3, 0, 1, 1), Importers.all().stream().map(FormatImporter::version).toList());
    assertTrue(Importers.named("events").readsResults() == false);
    assertTrue(Importers.named("sysbench").readsResults());
  }

  @Test
  void anUnknownFormatIsRefusedListingTheKnownOnes() {
    String m = assertThrows(BadInputException.class, () -> Importers.named("tpcc")).getMessage();
    assertEquals(
        "unknown import format 'tpcc' (known: sysbench, hammerdb, taf-report, events, benchbase,"
            + " tpcc-mysql)",
        m);
  }

  @ParameterizedTest
  @CsvSource({
    "/fixtures/sysbench/oltp_read_write_t4_i1.log, sysbench",
    "/fixtures/sysbench/oltp_read_write_t4_badpassword.log, sysbench",
    "/sysbench-real/oltp_point_select_t4_hist.log, sysbench",
    "/fixtures/taf-report/oltp_rw_11.4-13.0.txt, taf-report",
    "/hammerdb/aborted.log, hammerdb",
    "/hammerdb/job_result.json, hammerdb",
    "/hammerdb/mixed/e_hdbtcount.log, hammerdb",
    "/hammerdb/mixed/f_hdbxtprofile_v6.log, hammerdb",
    "/hammerdb/mixed/c_webservice_v4.12.txt, hammerdb",
    "/benchbase/ladder/tpcc_2025-03-10_09-00-00.summary.json, benchbase",
    "/benchbase/ladder/tpcc_2025-03-10_09-00-00.samples.csv, benchbase",
    "/benchbase/ladder/tpcc_2025-03-10_09-00-00.results.NewOrder.csv, benchbase",
    "/tpcc-mysql/ladder.log, tpcc-mysql",
  })
  void eachToolsOutputIsRecognisedByItsImporterAlone(String resource, String format)
      throws Exception {
    SourceFile file = SourceFile.read(Path.of(ImportersTest.class.getResource(resource).toURI()));
    assertEquals(Optional.of(format), Importers.recognising(file).map(FormatImporter::name));
    for (FormatImporter other : Importers.all()) {
      assertEquals(other.name().equals(format), other.recognises(file), other.name());
    }
  }

  @Test
  void eventLinesAreRecognisedAsEventsOnly() {
    String line = new EventCodec().encodeToString(EventLinesImporterTest.run(60, "x"));
    SourceFile file =
        SourceFile.of(
            "e.jsonl",
            (line + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8),
            java.time.Instant.EPOCH);
    assertEquals(Optional.of("events"), Importers.recognising(file).map(FormatImporter::name));
    assertEquals(1, Importers.all().stream().filter(f -> f.recognises(file)).count());
  }

  @Test
  void aFileNoToolPrintedIsRecognisedByNone() {
    SourceFile file =
        SourceFile.of(
            "notes.txt",
            "threads went up to 64\nresults were fine\n"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8),
            java.time.Instant.EPOCH);
    assertEquals(Optional.empty(), Importers.recognising(file));
  }
}
