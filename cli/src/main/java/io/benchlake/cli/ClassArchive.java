package io.benchlake.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The class archive bin/benchlake keeps for faster starts (the JDK's dynamic class data sharing):
 * when the launcher asks for one ({@code benchlake.cds.archive}, with the JVM recording what a
 * dynamic dump needs), a command that ran a Flink job writes the classes it loaded there before it
 * exits. A command that ran none (an ingest with nothing new) writes nothing: its archive would
 * lack Flink, the slowest part to load.
 */
final class ClassArchive {
  private static final Logger LOG = LoggerFactory.getLogger(ClassArchive.class);

  private ClassArchive() {}

  static void dumpIfAsked() {
    String file = System.getProperty("benchlake.cds.archive");
    if (file == null) {
      return;
    }
    System.err.println(
        "benchlake: archiving the classes this run loaded, for faster starts (once per build)");
    // The JDK says where it dumps on System.out: the command's output stays its own.
    PrintStream out = System.out;
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    try {
      ManagementFactory.getPlatformMBeanServer()
          .invoke(
              new ObjectName("com.sun.management:type=DiagnosticCommand"),
              "vmCds",
              new Object[] {new String[] {"dynamic_dump", file}},
              new String[] {String[].class.getName()});
    } catch (JMException | RuntimeException e) {
      LOG.warn("the class archive was not written: {}", e.toString());
    } finally {
      System.setOut(out);
    }
  }
}
