package io.benchlake.cli;

import java.util.Map;
import picocli.CommandLine.Option;

/** What the run verb's run is called (test, tag, properties) and what it does to its tables. */
final class TestOptions {
  @Option(
      names = "--test",
      description = "A report test name, e.g. OLTP_RW, SELECT_SIMPLE or TPROCC.")
  String test;

  @Option(names = "--tag", description = "A tag for the run.")
  String tag;

  @Option(
      names = "--property",
      paramLabel = "NAME=VALUE",
      description = "A test property for the report's Test Info.")
  Map<String, String> properties;

  @Option(
      names = "--no-prepare",
      negatable = false,
      description = "Use the tables already there instead of creating them.")
  boolean noPrepare;

  @Option(names = "--cleanup", description = "Drop the tables at the end.")
  Boolean cleanup;
}
