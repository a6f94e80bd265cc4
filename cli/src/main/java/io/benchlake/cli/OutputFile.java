package io.benchlake.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --out FILE} of a verb that prints a result: standard output, or the file written whole or
 * not at all ({@link Output}). {@link FormatOptions} adds {@code --format} to it.
 */
class OutputFile {
  @Option(
      names = "--out",
      paramLabel = "FILE",
      description = "Write the result to FILE instead of standard output.")
  Path out;

  /** Writes {@code text} where {@code --out} says. */
  void write(String text) {
    Output.write(text, out);
  }
}
