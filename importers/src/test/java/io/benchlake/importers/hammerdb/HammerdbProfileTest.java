package io.benchlake.importers.hammerdb;

import static io.benchlake.importers.hammerdb.HammerdbFixtures.importOf;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.iterations;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.only;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.resource;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.text;
import static io.benchlake.importers.hammerdb.HammerdbFixtures.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.TransactionTiming;
import org.junit.jupiter.api.Test;

/** Every time profile HammerDB writes becomes timings, with the unit of its SD. */
class HammerdbProfileTest {
  @Test
  void v6ProfilesKeepP75P25AndAnSdInMilliseconds() {
    IterationFinished f =
        iterations(
                only(
                    importOf(
                        "mixed/f_hdb_6A364880479A03E263133333.json",
                        "mixed/f_hdbxtprofile_v6.log")))
            .get(0);
    TransactionTiming neword = f.timings().get(0);
    assertEquals(2.4, neword.p75());
    assertEquals(1.6, neword.p25());
    assertEquals("ms", neword.sdUnit());
    assertEquals(0.148, value(f, "NEWORD_sd"));
    assertEquals(2.4, value(f, "NEWORD_p75"));
    IterationFinished report =
        iterations(only(importOf("mixed/f_hdb_6A364880479A03E263133333.json"))).get(0);
    assertEquals(1.6, report.timings().get(0).p25(), "the saved report's rows too");
    assertEquals("ms", report.timings().get(0).sdUnit());
  }

  @Test
  void beforeV6TheSdIsInClicksAndThereIsNoP75() {
    IterationFinished f = iterations(importOf(HammerdbMergeTest.SESSION).get(0)).get(0);
    TransactionTiming neword = f.timings().get(0);
    assertEquals("clicks", neword.sdUnit());
    assertNull(neword.p75());
    assertTrue(f.values().stream().noneMatch(v -> v.metric().equals("NEWORD_p75")));
  }

  @Test
  void etprofPercentileBlocksBecomeTimingsInMilliseconds() {
    IterationFinished f =
        iterations(only(HammerdbFixtures.importLabelled("mixed/h_postgresql_v3.3.log"))).get(0);
    assertEquals(2, f.timings().size());
    TransactionTiming neword = f.timings().get(0);
    assertEquals("NEWORD", neword.procedure());
    assertEquals(7200, neword.calls());
    assertEquals(0.391, neword.min(), 1e-9);
    assertEquals(246.555, neword.max(), 1e-9, "the largest MAX of the windows");
    assertEquals((685.0 * 3603 + 715.0 * 3597) / 7200 / 1000, neword.p50(), 1e-9);
    assertNull(neword.avg(), "etprof prints no average");
    assertNull(neword.sd());
    assertEquals("hammerdb:etprof", f.values().get(2).source());
  }

  @Test
  void aBrokenProfileLineNamesFileAndLine() {
    String broken =
        String.join("\n", resource("mixed/e_hdbxtprofile.log").lines())
            .replace("CALLS: 960000", "CALLS: 96OOOO");
    BadInputException e =
        assertThrows(BadInputException.class, () -> HammerdbParser.read(text("x.log", broken)));
    assertTrue(e.getMessage().startsWith("x.log:10: expected a time profile line"), e.getMessage());
  }
}
