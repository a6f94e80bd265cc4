package io.benchlake.importers.hammerdb;

import static io.benchlake.importers.hammerdb.HammerdbFixtures.iterations;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.schemas.IterationFinished;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The VU count of outputs that do not print HammerDB's plain lines: the web service's JSON-wrapped
 * answers say it as the plain lines do; a vurun excerpt takes it from --vus, checked against any
 * output that says one.
 */
class HammerdbGivenCountTest {
  private static final String JOB = "6925B0C5479A03E263133333";

  /** What a script driving the web service prints (HammerDB docs, web service chapter). */
  private static final String WEB_SERVICE =
      "Setting Vusers\n"
          + "{\"success\": {\"message\": \"Virtual users set to 8\"}}\n"
          + "Create VU\n"
          + "{\"success\": {\"message\": \"9 Virtual Users Created with Monitor VU\"}}\n"
          + "Run VU\n"
          + "{\"success\": {\"message\": \"Running Virtual Users: JOBID="
          + JOB
          + "\"}}\n"
          + "Test Complete\n"
          + "Test result: [\n"
          + "  \""
          + JOB
          + "\",\n"
          + "  \"TEST RESULT : System achieved 41234 NOPM from 95876 MariaDB TPM\"\n"
          + "]\n";

  /** A vurun and its result typed after it: no line says how many VUs ran. */
  private static final String EXCERPT =
      "hammerdb>vurun\n"
          + "Benchmark Run jobid="
          + JOB
          + "\n"
          + "hammerdb>jobs "
          + JOB
          + " result\n"
          + "[\n"
          + "  \""
          + JOB
          + "\",\n"
          + "  \"TEST RESULT : System achieved 41234 NOPM from 95876 MariaDB TPM\"\n"
          + "]\n";

  @TempDir Path dir;

  private List<ImportBatch> imported(String text, Optional<Integer> vus) throws Exception {
    Path file = dir.resolve("hammerdb.log");
    Files.writeString(file, text);
    ImportRequest request =
        ImportRequest.builder(new HammerdbFormat(), List.of(file))
            .dataset("MariaDB 10.11")
            .host("bench1")
            .vus(vus.orElse(null))
            .build();
    ParseOutcome out = HammerdbImport.parse(request);
    assertEquals(List.of(), out.failures());
    return out.batches();
  }

  private String refusal(String text, Optional<Integer> vus) {
    return assertThrows(BadInputException.class, () -> imported(text, vus)).getMessage();
  }

  @Test
  void webServiceAnswersWrappedInJsonGiveTheVuCountAndJob() throws Exception {
    List<ImportBatch> batches = imported(WEB_SERVICE, Optional.empty());
    IterationFinished it = iterations(batches.get(0)).get(0);
    assertEquals(8, it.threads());
    assertEquals(41234, value(it, "NOPM"));
  }

  @Test
  void createdVusWithoutVusetCountTheMonitorOut() throws Exception {
    String text = WEB_SERVICE.replace("Virtual users set to 8", "Script cleared");
    assertEquals(8, iterations(imported(text, Optional.empty()).get(0)).get(0).threads());
  }

  @Test
  void twoWebServiceRunsAreTwoRungsEachWithItsCount() throws Exception {
    String second =
        WEB_SERVICE
            .replace("set to 8", "set to 16")
            .replace("9 Virtual", "17 Virtual")
            .replace(JOB, "6925B1F1479A03E263133333")
            .replace("41234 NOPM from 95876", "70111 NOPM from 163002");
    List<ImportBatch> batches = imported(WEB_SERVICE + second, Optional.empty());
    List<Integer> threads =
        batches.stream()
            .flatMap(b -> iterations(b).stream())
            .map(IterationFinished::threads)
            .toList();
    assertEquals(List.of(8, 16), threads);
  }

  @Test
  void anExcerptWithoutAVuLineIsRefusedNamingTheOption() {
    String m = refusal(EXCERPT, Optional.empty());
    assertEquals(
        "hammerdb.log:"
            + (m.split(":")[1])
            + ": no virtual user count for this TEST RESULT: no 'Active Virtual Users configured',"
            + " no 'Virtual Users Created with Monitor VU' and no worker VU output before it: give"
            + " --vus N (active VUs, as vuset vu)",
        m.substring(m.indexOf("hammerdb.log:")));
  }

  @Test
  void anExcerptTakesTheVuCountGiven() throws Exception {
    IterationFinished it = iterations(imported(EXCERPT, Optional.of(24)).get(0)).get(0);
    assertEquals(24, it.threads());
    assertEquals(95876, value(it, "TPM"));
  }

  @Test
  void aVuCountGivenThatTheOutputContradictsIsRefusedWithBoth() {
    String m = refusal(WEB_SERVICE, Optional.of(12));
    assertEquals(
        true,
        m.endsWith(": the output says 8 active virtual users but --vus 12")
            && m.contains("hammerdb.log:"),
        m);
  }
}
