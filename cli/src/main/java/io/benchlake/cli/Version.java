package io.benchlake.cli;

import picocli.CommandLine;

/** The version printed by --version: the jar's implementation version. */
final class Version implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = Benchlake.class.getPackage().getImplementationVersion();
    return new String[] {"benchlake " + (v == null ? "(development build)" : v)};
  }
}
