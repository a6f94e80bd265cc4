package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.ingest.FlinkCluster;
import io.benchlake.testing.Await;
import io.benchlake.testing.Fixtures;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * `ingest --flink-rest` against a standalone Flink session cluster (a JobManager and a TaskManager,
 * each its own JVM, started by Flink's own entry points) whose classpath is Flink and its libraries
 * only: none of benchlake's classes, Kafka's, Parquet's or Jackson's. The job can run only if the
 * jars benchlake ships with it (flink-job-jars.txt) hold every class it needs. The submitting
 * `ingest --flink-rest` is bin/benchlake of the built tree (only its lib/ has the jars to ship);
 * the import and the local rebuild run in this JVM, which keeps the home's broker for the test.
 */
class FlinkStandaloneIT {
  @RegisterExtension static final HostedBroker BROKER = new HostedBroker();

  private static final List<String> OPENS =
      Stream.of(
              "java.lang",
              "java.util",
              "java.lang.reflect",
              "java.io",
              "java.nio",
              "sun.nio.ch",
              "java.net",
              "java.text",
              "java.time",
              "java.util.concurrent",
              "java.util.concurrent.atomic")
          .map(p -> "--add-opens=java.base/" + p + "=ALL-UNNAMED")
          .toList();

  @Test
  void theShippedJarsAreAllAClusterNeedsToRunTheJob() throws Exception {
    Path home = BROKER.freshHome("flink-standalone");
    Path conf = Files.createDirectories(home.resolve("flink-conf"));
    int restPort = freePort();
    Files.writeString(
        conf.resolve("config.yaml"),
        String.join(
            "\n",
            "jobmanager.rpc.address: 127.0.0.1",
            "jobmanager.rpc.port: " + freePort(),
            "jobmanager.bind-host: 127.0.0.1",
            "jobmanager.memory.process.size: 1024m",
            "taskmanager.host: 127.0.0.1",
            "taskmanager.bind-host: 127.0.0.1",
            "taskmanager.rpc.port: 0",
            "taskmanager.numberOfTaskSlots: 2",
            // what Flink's taskmanager.sh derives from a process size and passes on
            "taskmanager.cpu.cores: 2.0",
            "taskmanager.memory.framework.heap.size: 128m",
            "taskmanager.memory.framework.off-heap.size: 128m",
            "taskmanager.memory.task.heap.size: 256m",
            "taskmanager.memory.task.off-heap.size: 0m",
            "taskmanager.memory.managed.size: 128m",
            // as docker-compose.yml: each of the job's result partitions takes 512 buffers of 32 KB
            "taskmanager.memory.network.min: 512m",
            "taskmanager.memory.network.max: 512m",
            "taskmanager.memory.jvm-metaspace.size: 256m",
            "taskmanager.memory.jvm-overhead.min: 192m",
            "taskmanager.memory.jvm-overhead.max: 192m",
            "rest.address: 127.0.0.1",
            "rest.bind-address: 127.0.0.1",
            "rest.port: " + restPort,
            "blob.server.port: 0",
            "classloader.resolve-order: child-first",
            ""));
    String classpath = clusterClasspath();
    List<Process> cluster = new ArrayList<>();
    try {
      cluster.add(
          flinkProcess(
              classpath,
              conf,
              "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
              home.resolve("jobmanager.log")));
      cluster.add(
          flinkProcess(
              classpath,
              conf,
              "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
              home.resolve("taskmanager.log")));
      // imported while the cluster's JVMs start: the import needs only the broker
      Path report = Fixtures.path("taf-report", "oltp_rw_11.4-13.0.txt").toAbsolutePath();
      ImportRoundTripIT.ok(CliRunner.run("import", "taf-report", report.toString()));
      awaitTaskManager(restPort, cluster, home);

      BuiltTree.run(home, "ingest", "--flink-rest", "http://127.0.0.1:" + restPort);

      assertTrue(
          http(restPort, "/jobs/overview").contains("benchlake ingest"),
          "the job ran on the cluster");
      String iterations =
          CliRunner.run("sql", "SELECT count(*) FROM iterations", "--format", "csv").out();
      String rebuilt = iterationsAfterLocalRebuild();
      assertTrue(Long.parseLong(iterations.lines().toList().get(1)) > 0, iterations);
      assertEquals(rebuilt, iterations, "the cluster wrote what a local ingest writes");
    } finally {
      for (Process p : cluster) {
        p.destroy();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
          p.destroyForcibly().waitFor();
        }
      }
    }
  }

  /** The iterations count after `ingest --rebuild` on the local MiniCluster. */
  private static String iterationsAfterLocalRebuild() throws Exception {
    ImportRoundTripIT.ok(CliRunner.run("ingest", "--rebuild"));
    return CliRunner.run("sql", "SELECT count(*) FROM iterations", "--format", "csv").out();
  }

  /** Shipped with the job, yet also in a Flink distribution, which needs them itself. */
  private static final List<String> IN_FLINK_DIST_TOO =
      List.of("commons-io", "commons-compress", "lz4-java", "snappy-java");

  /**
   * The jars of the built tree's lib/ that a Flink distribution would hold: all but those benchlake
   * ships with the job (its own among them), except the few Flink itself uses.
   */
  private static String clusterClasspath() throws IOException {
    try (Stream<Path> jars = Files.list(Path.of("target", "lib"))) {
      String cp =
          jars.filter(
                  j -> {
                    String name = j.getFileName().toString();
                    return !name.startsWith("benchlake-")
                        && (!FlinkCluster.isJobJar(j)
                            || IN_FLINK_DIST_TOO.stream()
                                .anyMatch(d -> name.matches(Pattern.quote(d) + "-\\d.*")));
                  })
              .map(j -> j.toAbsolutePath().toString())
              .sorted()
              .collect(Collectors.joining(":"));
      assertTrue(cp.contains("flink-runtime-"), cp);
      return cp;
    }
  }

  private static Process flinkProcess(String classpath, Path conf, String main, Path log)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx512m");
    command.add(BuiltTree.C1_ONLY); // as the test JVMs: a short life, no C2 threads on the cores
    // as taskmanager.sh: framework off-heap + task off-heap + network memory
    command.add("-XX:MaxDirectMemorySize=640m");
    command.addAll(OPENS);
    command.addAll(List.of("-cp", classpath, main, "--configDir", conf.toString()));
    return new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  private static void awaitTaskManager(int restPort, List<Process> cluster, Path home)
      throws Exception {
    Await.until(
        () -> {
          for (Process p : cluster) {
            assertTrue(p.isAlive(), "a Flink process ended; see " + home);
          }
          try {
            return http(restPort, "/taskmanagers").contains("\"slotsNumber\"");
          } catch (IOException e) {
            return false; // not listening yet
          }
        },
        Duration.ofSeconds(120),
        "a task manager to register; see " + home);
  }

  private static String http(int port, String path) throws Exception {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    return client
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
