package io.benchlake.web;

import io.benchlake.home.BadInputException;
import java.util.Arrays;
import java.util.Locale;

/**
 * The triage a page or the API asks for, named as the {@code benchlake alerts} verbs are (ack,
 * invalid, fixed, wontfix, reopen) or as the state it leaves (acknowledged, reopened); {@link
 * #event} is the {@code alert_state} event's state.
 */
public enum AlertTriageState {
  ACK("acknowledged"),
  INVALID("invalid"),
  FIXED("fixed"),
  WONTFIX("wontfix"),
  REOPEN("reopened");

  private final String event;

  AlertTriageState(String event) {
    this.event = event;
  }

  /** The state as the {@code alert_state} event names it. */
  public String event() {
    return event;
  }

  /** The verb's name, as the pages' buttons show it. */
  public String verb() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The state a verb or an event state names; one line when neither. */
  static AlertTriageState parse(String text) {
    for (AlertTriageState s : values()) {
      if (s.verb().equals(text) || s.event.equals(text)) {
        return s;
      }
    }
    throw new BadInputException(
        "state must be one of "
            + String.join(", ", Arrays.stream(values()).map(AlertTriageState::verb).toList())
            + ", was '"
            + text
            + "'");
  }
}
