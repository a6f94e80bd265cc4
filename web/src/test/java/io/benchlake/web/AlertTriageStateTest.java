package io.benchlake.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import org.junit.jupiter.api.Test;

class AlertTriageStateTest {
  @Test
  void aVerbOrTheStateItLeavesNamesTheEventsState() {
    assertEquals("acknowledged", AlertTriageState.parse("ack").event());
    assertEquals("acknowledged", AlertTriageState.parse("acknowledged").event());
    assertEquals("reopened", AlertTriageState.parse("reopen").event());
    assertEquals("reopened", AlertTriageState.parse("reopened").event());
    assertEquals("wontfix", AlertTriageState.parse("wontfix").event());
  }

  @Test
  void anyOtherWordIsOneLineNamingTheVerbs() {
    BadInputException e =
        assertThrows(BadInputException.class, () -> AlertTriageState.parse("closed"));
    assertEquals(
        "state must be one of ack, invalid, fixed, wontfix, reopen, was 'closed'", e.getMessage());
    assertThrows(BadInputException.class, () -> AlertTriageState.parse("backfill"));
    assertThrows(BadInputException.class, () -> AlertTriageState.parse(""));
  }
}
