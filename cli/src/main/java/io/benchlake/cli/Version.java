package io.benchlake.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * The version printed by --version: the project version and the git commit the build was made from,
 * both written into {@code build.properties} at build time (cli/pom.xml, build-info).
 */
final class Version implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    Properties build = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("build.properties")) {
      if (in != null) {
        build.load(in);
      }
    } catch (IOException e) {
      // an unreadable resource reads as a development build
    }
    return new String[] {
      "benchlake "
          + build.getProperty("version", "(development build)")
          + " (commit "
          + build.getProperty("commit", "unknown")
          + ")"
    };
  }
}
