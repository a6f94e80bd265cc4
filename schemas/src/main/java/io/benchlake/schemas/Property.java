package io.benchlake.schemas;

/** One named property of a run, shown in a report's Test Info in the order the run gave them. */
public record Property(String name, String value) {
  public Property {
    Event.requireText(name, "property name");
    value = value == null ? "" : value;
  }
}
