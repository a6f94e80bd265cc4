package io.benchlake.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Another JVM on this test's classpath running a main class, as a second benchlake process would:
 * its output read line by line, its input written to, and killed by its PID when a test needs it.
 */
public record ChildJvm(Process process, BlockingQueue<String> lines) {
  private static final List<String> PASSED_ON =
      List.of("benchlake.mariadb.dists", "benchlake.test.home", "benchlake.logdir");

  public static ChildJvm start(Class<?> main, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    for (String property : PASSED_ON) {
      if (System.getProperty(property) != null) {
        command.add("-D" + property + "=" + System.getProperty(property));
      }
    }
    command.add(main.getName());
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                r.lines().forEach(lines::add);
              } catch (IOException e) {
                lines.add("READ FAILED " + e);
              }
            },
            "output of " + main.getSimpleName());
    reader.setDaemon(true);
    reader.start();
    return new ChildJvm(p, lines);
  }

  /** The first line from now on that starts with {@code prefix}, waited for up to 90 s. */
  public String await(String prefix) throws InterruptedException {
    List<String> seen = new ArrayList<>();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (System.nanoTime() < deadline) {
      String line = lines.poll(1, TimeUnit.SECONDS);
      if (line != null) {
        seen.add(line);
        if (line.startsWith(prefix)) {
          return line;
        }
      }
      if (line == null && !process.isAlive() && lines.isEmpty()) {
        break;
      }
    }
    throw new AssertionError("no line starting with '" + prefix + "' in " + seen);
  }

  /** Writes one line to the child's input. */
  public void tell(String line) throws IOException {
    process.getOutputStream().write((line + "\n").getBytes(StandardCharsets.UTF_8));
    process.getOutputStream().flush();
  }

  /** kill -9, and waits until it is gone. */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }
}
