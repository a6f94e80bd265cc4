package io.benchlake.ingest;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * Where ingest jobs run: in this process on a MiniCluster per job ({@link LocalPerJobCluster}: a
 * batch ingest and the small ingest of its alerts; a job run again on a cluster that had run one
 * met the hybrid shuffle's release race far more often) or on one MiniCluster kept for many jobs
 * (follow mode, benchmarks, {@link LocalSharedCluster}), or on a Flink cluster through its REST
 * endpoint, with the job's jars shipped along ({@link RemoteCluster}).
 */
public abstract sealed class FlinkCluster implements AutoCloseable
    permits LocalPerJobCluster, LocalSharedCluster, RemoteCluster {
  private final int parallelism;
  private final AtomicInteger jobs = new AtomicInteger();

  FlinkCluster(int parallelism) {
    this.parallelism = parallelism;
  }

  /** A MiniCluster started for each job. */
  public static FlinkCluster perJob(int parallelism) {
    return new LocalPerJobCluster(parallelism);
  }

  /**
   * A Flink cluster's REST endpoint ({@code http://host:8081}), the job submitted with {@code jars}
   * (see {@link #jobJars}); its task managers must reach the broker and see the warehouse path.
   */
  public static FlinkCluster remote(URI rest, int parallelism, List<Path> jars) {
    return new RemoteCluster(rest, parallelism, jars);
  }

  /** One MiniCluster of {@code taskManagers} task managers kept until {@link #close}. */
  public static FlinkCluster shared(int parallelism, int taskManagers) throws Exception {
    return new LocalSharedCluster(parallelism, taskManagers, LocalFlink.shuffleHere());
  }

  /**
   * One MiniCluster kept until {@link #close}, its jobs' stages exchanging records by {@code
   * shuffle}.
   */
  public static FlinkCluster shared(int parallelism, int taskManagers, BatchShuffleMode shuffle)
      throws Exception {
    return new LocalSharedCluster(parallelism, taskManagers, shuffle);
  }

  /** The jars a cluster needs to run the job ({@link JobJars}). */
  public static List<Path> jobJars() {
    return JobJars.jobJars();
  }

  /** Whether a jar is one the job ships to a cluster ({@link JobJars}). */
  public static boolean isJobJar(Path jar) {
    return JobJars.isJobJar(jar);
  }

  /** How many parallel instances each operator of the job runs. */
  int parallelism() {
    return parallelism;
  }

  /** A new environment for one batch job. */
  abstract StreamExecutionEnvironment environment();

  /**
   * A new environment for one batch job; with {@code pipelined}, on a MiniCluster in this process,
   * one whose stages exchange records pipelined (a job of a few events, {@link
   * IngestService#ingestFew}); a cluster of its own keeps its configuration.
   */
  StreamExecutionEnvironment environment(boolean pipelined) {
    return environment();
  }

  /** How many jobs this cluster was given. */
  public int jobsRun() {
    return jobs.get();
  }

  /** Counts one more job given to this cluster. */
  void countJob() {
    jobs.incrementAndGet();
  }

  /** Runs the job built on {@code env} to its end. */
  JobExecutionResult execute(StreamExecutionEnvironment env, String name) throws Exception {
    return execute(env, name, Optional::empty);
  }

  /**
   * What a running job is checked against while it runs: a problem it cannot get past (the broker
   * went away: Kafka's readers would wait for it without end) cancels it.
   */
  interface JobWatch {
    /** The error to stop the job with, or empty while it may go on. */
    Optional<RuntimeException> problem();
  }

  /** How often a running job's {@link JobWatch} is asked. */
  static final long WATCH_EVERY_MS = 500;

  /**
   * Runs the job built on {@code env} to its end, asking {@code watch} every {@link
   * #WATCH_EVERY_MS} ms; a problem cancels the job and is thrown. A job on a cluster of its own
   * (--flink-rest) is not watched: that cluster keeps it.
   */
  abstract JobExecutionResult execute(StreamExecutionEnvironment env, String name, JobWatch watch)
      throws Exception;

  private static final AtomicBoolean LOCAL_JOB_RAN = new AtomicBoolean();

  /** Whether a job ran to its end on a MiniCluster in this process. */
  public static boolean localJobRan() {
    return LOCAL_JOB_RAN.get();
  }

  /** A job ran to its end on a MiniCluster in this process. */
  static void localJobDone() {
    LOCAL_JOB_RAN.set(true);
  }

  @Override
  public void close() throws Exception {}
}
