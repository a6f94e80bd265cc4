package io.benchlake.analytics.regress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.analytics.query.OutputFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class RegressionsReportTest {
  static final Verdict DROP =
      new Verdict(
          "OLTP_RW",
          64,
          "TPS",
          3,
          1000.125,
          3,
          900.0,
          -0.1000125,
          0.0123456789,
          Verdict.Kind.regression,
          "run means of 3 and 3 runs");
  static final Verdict SAME =
      new Verdict(
          "OLTP_RW", 8, "TPS", 1, 500.0, 1, 501.0, 0.002, null, Verdict.Kind.no_change, "one run");

  @Test
  void textPrintsForPeopleWithTwoDecimalsAndTheVerdictInWords() {
    String text = RegressionsReport.render(List.of(DROP, SAME), OutputFormat.TEXT);
    assertEquals(
        String.join(
            "\n",
            "test     threads  metric  baseline  candidate  change_pct  p_value  verdict     note",
            "-------  -------  ------  --------  ---------  ----------  -------  ----------"
                + "  -------------------------",
            "OLTP_RW  64       TPS     1000.12   900.00     -10.00      0.0123   regression"
                + "  run means of 3 and 3 runs",
            "OLTP_RW  8        TPS     500.00    501.00     0.20                 no change "
                + "  one run",
            "(2 rows)",
            ""),
        text);
  }

  @Test
  void jsonAndCsvCarryFullPrecision() {
    String json = RegressionsReport.render(List.of(DROP), OutputFormat.JSON);
    assertTrue(json.contains("0.0123456789"), json);
    assertTrue(json.contains("1000.125"), json);
    String csv = RegressionsReport.render(List.of(DROP, SAME), OutputFormat.CSV);
    assertEquals(
        "test,threads,metric,baseline,candidate,change_pct,p_value,verdict,note",
        csv.lines().findFirst().orElseThrow());
    assertTrue(csv.contains(",0.0123456789,regression,"), csv);
    assertTrue(csv.contains(",,no change,"), "a missing p-value is an empty cell: " + csv);
  }

  @Test
  void anyRegressionIsWhatFailOnRegressionExitsOn() {
    assertTrue(RegressionsReport.anyRegression(List.of(SAME, DROP)));
    assertFalse(RegressionsReport.anyRegression(List.of(SAME)));
  }
}
