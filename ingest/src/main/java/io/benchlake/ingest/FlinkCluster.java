package io.benchlake.ingest;

import io.benchlake.home.BadInputException;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.BatchExecutionOptions;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.NettyShuffleEnvironmentOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.CheckpointType;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where ingest jobs run: in this process on a MiniCluster per job (a one-off batch ingest) or on
 * one MiniCluster kept for many jobs (follow mode, benchmarks), or on a Flink cluster through its
 * REST endpoint, with the job's jars shipped along (cluster mode).
 */
public final class FlinkCluster implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(FlinkCluster.class);
  private final int parallelism;
  private final MiniCluster shared;
  private final URI rest;
  private final List<Path> jars;

  /** How the stages of a local job exchange records; chosen when its cluster starts. */
  private final BatchShuffleMode shuffle;

  private final AtomicInteger jobs = new AtomicInteger();

  private FlinkCluster(
      int parallelism, MiniCluster shared, URI rest, List<Path> jars, BatchShuffleMode shuffle) {
    this.parallelism = parallelism;
    this.shared = shared;
    this.rest = rest;
    this.jars = List.copyOf(jars);
    this.shuffle = shuffle;
  }

  /** How many parallel instances each operator of the job runs. */
  int parallelism() {
    return parallelism;
  }

  /** A MiniCluster started for each job. */
  public static FlinkCluster perJob(int parallelism) {
    return new FlinkCluster(parallelism, null, null, List.of(), null);
  }

  /**
   * A Flink cluster's REST endpoint ({@code http://host:8081}), the job submitted with {@code jars}
   * (see {@link #jobJars}); its task managers must reach the broker and see the warehouse path.
   */
  public static FlinkCluster remote(URI rest, int parallelism, List<Path> jars) {
    if (rest.getHost() == null || rest.getPort() <= 0) {
      throw new BadInputException(
          "--flink-rest must be http://HOST:PORT, the JobManager's REST address, was " + rest);
    }
    return new FlinkCluster(parallelism, null, rest, jars, null);
  }

  /**
   * The jars a cluster needs to run the job, from the directory benchlake's own jars are in: those
   * {@link #isJobJar} names; none when benchlake runs from classes (tests).
   */
  public static List<Path> jobJars() {
    try {
      Path self =
          Path.of(FlinkCluster.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (!Files.isRegularFile(self)) {
        return List.of();
      }
      try (var files = Files.list(self.getParent())) {
        return files.filter(FlinkCluster::isJobJar).sorted().toList();
      }
    } catch (IOException | URISyntaxException e) {
      throw new IllegalStateException("cannot list the job's jars: " + e.getMessage(), e);
    }
  }

  /**
   * Whether a jar is one the job ships to a cluster: named (up to its version) in {@code
   * flink-job-jars.txt}, which lists benchlake's jars and the libraries the job uses that a Flink
   * distribution does not have.
   */
  public static boolean isJobJar(Path jar) {
    String name = jar.getFileName().toString();
    return name.endsWith(".jar")
        && JOB_JAR_NAMES.stream().anyMatch(w -> name.matches(Pattern.quote(w) + "-\\d.*"));
  }

  private static final List<String> JOB_JAR_NAMES = readJobJarNames();

  private static List<String> readJobJarNames() {
    try (var in = FlinkCluster.class.getResourceAsStream("/flink-job-jars.txt")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .map(String::strip)
          .filter(l -> !l.isEmpty() && !l.startsWith("#"))
          .toList();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read flink-job-jars.txt", e);
    }
  }

  /** One MiniCluster of {@code taskManagers} task managers kept until {@link #close}. */
  public static FlinkCluster shared(int parallelism, int taskManagers) throws Exception {
    return shared(parallelism, taskManagers, shuffleHere());
  }

  /**
   * One MiniCluster kept until {@link #close}, its jobs' stages exchanging records by {@code
   * shuffle}.
   */
  static FlinkCluster shared(int parallelism, int taskManagers, BatchShuffleMode shuffle)
      throws Exception {
    int slotsEach = Math.max(1, (localSlots(parallelism) + taskManagers - 1) / taskManagers);
    Configuration conf = localConfiguration(parallelism, shuffle);
    conf.set(TaskManagerOptions.NUM_TASK_SLOTS, slotsEach);
    MiniCluster cluster =
        new MiniCluster(
            new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(taskManagers)
                .setNumSlotsPerTaskManager(slotsEach)
                .withRandomPorts()
                .build());
    cluster.start();
    return new FlinkCluster(parallelism, cluster, null, List.of(), shuffle);
  }

  /** A new environment for one batch job. */
  StreamExecutionEnvironment environment() {
    Configuration conf =
        rest != null
            ? configuration(parallelism)
            : localConfiguration(parallelism, shuffle != null ? shuffle : shuffleHere());
    if (rest != null) {
      return StreamExecutionEnvironment.createRemoteEnvironment(
          rest.getHost(),
          rest.getPort(),
          conf,
          jars.stream().map(Path::toString).toArray(String[]::new));
    }
    return shared == null
        ? StreamExecutionEnvironment.createLocalEnvironment(parallelism, conf)
        : StreamExecutionEnvironment.getExecutionEnvironment(conf);
  }

  /** Whether jobs run on a MiniCluster kept in this process (follow mode's streaming job). */
  boolean isLocalShared() {
    return shared != null;
  }

  /**
   * A new environment for a streaming job on the kept MiniCluster, checkpointed every {@code
   * every}, and not restarted when it fails (its commits are the process's, not Flink's state).
   */
  StreamExecutionEnvironment streamingEnvironment(Duration every) {
    Configuration conf = localConfiguration(parallelism, shuffle);
    conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.STREAMING);
    conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, every);
    conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
    return StreamExecutionEnvironment.getExecutionEnvironment(conf);
  }

  /** Starts the job built on {@code env} on the kept MiniCluster and returns at once. */
  JobID submit(StreamExecutionEnvironment env, String name) throws Exception {
    jobs.incrementAndGet();
    StreamGraph graph = env.getStreamGraph();
    graph.setJobName(name);
    return shared.submitJob(graph.getJobGraph()).get().getJobID();
  }

  /** Takes a checkpoint of a running job now; its id once it completed. */
  long checkpoint(JobID job) throws Exception {
    return shared.triggerCheckpoint(job, CheckpointType.CONFIGURED).get(30, TimeUnit.SECONDS);
  }

  /** The job's state, e.g. FAILED when it stopped on an error. */
  JobStatus status(JobID job) throws Exception {
    return shared.getJobStatus(job).get();
  }

  /** Why a job that ended failed, or empty. */
  Optional<Throwable> failure(JobID job) throws Exception {
    var result = shared.requestJobResult(job).get();
    return result
        .getSerializedThrowable()
        .map(t -> t.deserializeError(getClass().getClassLoader()));
  }

  /** Cancels a running job and waits until it has stopped. */
  void cancel(JobID job) throws Exception {
    if (!status(job).isGloballyTerminalState()) {
      shared.cancelJob(job).get(30, TimeUnit.SECONDS);
    }
    shared.requestJobResult(job).get(30, TimeUnit.SECONDS);
  }

  /** How many jobs this cluster was given. */
  int jobsRun() {
    return jobs.get();
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
  private static final long WATCH_EVERY_MS = 500;

  /**
   * Runs the job built on {@code env} to its end, asking {@code watch} every {@link
   * #WATCH_EVERY_MS} ms; a problem cancels the job and is thrown. A job on a cluster of its own
   * (--flink-rest) is not watched: that cluster keeps it.
   */
  JobExecutionResult execute(StreamExecutionEnvironment env, String name, JobWatch watch)
      throws Exception {
    jobs.incrementAndGet();
    if (rest != null) {
      try {
        return env.execute(name);
      } catch (org.apache.flink.util.FlinkException e) {
        if (rootCause(e) instanceof java.net.ConnectException) {
          throw new BadInputException(
              "no Flink cluster answered at " + rest + " (check --flink-rest)");
        }
        throw e;
      }
    }
    try {
      JobExecutionResult result;
      if (shared == null) {
        org.apache.flink.core.execution.JobClient client = env.executeAsync(name);
        result = await(client.getJobExecutionResult(), client::cancel, watch);
      } else {
        StreamGraph graph = env.getStreamGraph();
        graph.setJobName(name);
        JobID job = shared.submitJob(graph.getJobGraph()).get().getJobID();
        ClassLoader loader = getClass().getClassLoader();
        result =
            await(
                shared
                    .requestJobResult(job)
                    .thenApply(
                        r -> {
                          try {
                            return r.toJobExecutionResult(loader);
                          } catch (Exception e) {
                            throw new java.util.concurrent.CompletionException(e);
                          }
                        }),
                () -> shared.cancelJob(job),
                watch);
      }
      LOCAL_JOB_RAN.set(true);
      return result;
    } catch (Exception e) {
      throw explained(e);
    }
  }

  /**
   * The job's result once it ends, its failure thrown as {@code env.execute} throws it; a problem
   * the watch finds first cancels the job and is thrown instead.
   */
  private static JobExecutionResult await(
      java.util.concurrent.CompletableFuture<JobExecutionResult> result,
      java.util.function.Supplier<java.util.concurrent.CompletableFuture<?>> cancel,
      JobWatch watch)
      throws Exception {
    while (true) {
      try {
        return result.get(WATCH_EVERY_MS, TimeUnit.MILLISECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        Optional<RuntimeException> problem = watch.problem();
        if (problem.isPresent()) {
          try {
            cancel.get().get(30, TimeUnit.SECONDS);
          } catch (Exception notCancelled) {
            LOG.warn("the job did not cancel: {}", notCancelled.toString());
          }
          throw problem.get();
        }
      } catch (java.util.concurrent.ExecutionException
          | java.util.concurrent.CompletionException e) {
        Throwable cause = e.getCause() == null ? e : e.getCause();
        if (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
          cause = cause.getCause();
        }
        throw cause instanceof Exception ex ? ex : e;
      }
    }
  }

  private static final AtomicBoolean LOCAL_JOB_RAN = new AtomicBoolean();

  /** Whether a job ran to its end on a MiniCluster in this process. */
  public static boolean localJobRan() {
    return LOCAL_JOB_RAN.get();
  }

  /**
   * The fraction of its disk Flink's hybrid shuffle keeps free: its disk tier starts no segment on
   * a fuller disk, and the job fails (a constant of {@code DiskTierFactory}, not a setting).
   */
  static final double HYBRID_MIN_FREE = 0.05;

  /** Room above {@link #HYBRID_MIN_FREE} for what one job writes to the disk. */
  static final double HYBRID_ROOM = 0.02;

  /**
   * The shuffle for local jobs on a disk with {@code usable} of {@code total} bytes free: the
   * streamed (hybrid) one, or, on a disk too full for it, the blocking one, which runs the stages
   * one after the other and needs only the room its data takes.
   */
  static BatchShuffleMode shuffleMode(long usable, long total) {
    return total > 0 && usable < total * (HYBRID_MIN_FREE + HYBRID_ROOM)
        ? BatchShuffleMode.ALL_EXCHANGES_BLOCKING
        : BatchShuffleMode.ALL_EXCHANGES_HYBRID_SELECTIVE;
  }

  /** The shuffle for the disk of java.io.tmpdir, where Flink writes it; said when not hybrid. */
  private static BatchShuffleMode shuffleHere() {
    File tmp = new File(System.getProperty("java.io.tmpdir"));
    BatchShuffleMode mode = shuffleMode(tmp.getUsableSpace(), tmp.getTotalSpace());
    if (mode == BatchShuffleMode.ALL_EXCHANGES_BLOCKING) {
      LOG.warn(
          "the disk of {} has {}% free, too little for Flink's streamed shuffle (it keeps {}%):"
              + " the ingest's stages run one after the other",
          tmp,
          Math.round(100.0 * tmp.getUsableSpace() / tmp.getTotalSpace()),
          Math.round(100 * HYBRID_MIN_FREE));
    }
    return mode;
  }

  /**
   * Whether a job failed by a race in Flink's hybrid shuffle: a finishing producer sends its end of
   * partition, the consumer reads it and its partition is released on consumption, and the producer
   * then finds it released ({@code TieredResultPartition.finish} checks after sending). Nothing the
   * job did is wrong, and it may run again.
   */
  static boolean isReleaseRace(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (String.valueOf(t.getMessage()).contains(PARTITION_RELEASED)) {
        return true;
      }
    }
    return false;
  }

  private static final String PARTITION_RELEASED = "Result partition is already released";

  /** What Flink's hybrid shuffle says when it may not write to the disk. */
  private static final String NO_STORAGE_TIER = "Failed to choose a storage tier";

  /**
   * A job's failure as one line when its cause is the machine's rather than a bug: the hybrid
   * shuffle between the stages keeps 5% of its disk free (a constant of Flink's disk tier) and
   * fails every job when the disk is fuller than that.
   */
  static Exception explained(Exception failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (String.valueOf(t.getMessage()).contains(NO_STORAGE_TIER)) {
        return new BadInputException(
            "the ingest job could not write its data between stages: the disk of "
                + System.getProperty("java.io.tmpdir")
                + " has less than the 5% free space Flink keeps there (free some space, or give"
                + " java.io.tmpdir on another disk through BENCHLAKE_JAVA_OPTS)");
      }
    }
    return failure;
  }

  private static Throwable rootCause(Throwable t) {
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  private static Configuration configuration(int parallelism) {
    Configuration conf = new Configuration();
    conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
    conf.set(CoreOptions.DEFAULT_PARALLELISM, parallelism);
    // Operators make a new object for every record they emit and keep none they receive, so
    // chained operators may hand records on without the defensive copy.
    conf.set(PipelineOptions.OBJECT_REUSE, true);
    conf.setString("security.delegation.tokens.enabled", "false");
    return conf;
  }

  /**
   * A MiniCluster's and its jobs' configuration (a cluster of its own, --flink-rest, keeps what its
   * configuration sets up):
   *
   * <ul>
   *   <li>Every stage at once, records streamed between them (hybrid shuffle), rather than each
   *       stage written out whole for the next, so that the readers of a topic with fewer
   *       partitions than slots hand events to parsers on every slot as they read them, and the
   *       aggregate sorts while the parsers parse. Hybrid shuffle shares no slots, and the
   *       scheduler starts a stage early only when its parallelism is known before the job runs, so
   *       there are slots for three stages and parallelism is not derived from data volume.
   *   <li>Records between stages kept in memory (selective hybrid shuffle, 128 MB of network
   *       memory), written to disk only when readers run ahead of parsers by more than that: the
   *       full mode wrote everything to disk as well, a tenth of the job's CPU. On a disk too full
   *       for the hybrid shuffle ({@link #shuffleMode}), the blocking one instead.
   *   <li>No compression of the data between stages: it never leaves this process.
   *   <li>Managed memory enough that the aggregate's sort of a million samples stays in memory (it
   *       spills to disk beyond that; allocated only while a job sorts).
   * </ul>
   */
  private static Configuration localConfiguration(int parallelism, BatchShuffleMode shuffle) {
    Configuration conf = configuration(parallelism);
    onLoopback(conf);
    conf.set(ExecutionOptions.BATCH_SHUFFLE_MODE, shuffle);
    conf.set(BatchExecutionOptions.ADAPTIVE_AUTO_PARALLELISM_ENABLED, false);
    conf.set(TaskManagerOptions.NUM_TASK_SLOTS, localSlots(parallelism));
    conf.set(
        NettyShuffleEnvironmentOptions.SHUFFLE_COMPRESSION_CODEC,
        NettyShuffleEnvironmentOptions.CompressionCodec.NONE);
    conf.set(TaskManagerOptions.MANAGED_MEMORY_SIZE, MemorySize.ofMebiBytes(512));
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MIN, MemorySize.ofMebiBytes(128));
    conf.set(TaskManagerOptions.NETWORK_MEMORY_MAX, MemorySize.ofMebiBytes(128));
    return conf;
  }

  /**
   * A MiniCluster serves only this process, yet Flink binds its RPC, blob, REST and shuffle ports
   * on every interface by default: the job manager's bind host covers RPC and the blob server, the
   * task manager's RPC and the shuffle's data server.
   */
  private static void onLoopback(Configuration conf) {
    String loopback = "127.0.0.1";
    conf.set(JobManagerOptions.ADDRESS, loopback);
    conf.set(JobManagerOptions.BIND_HOST, loopback);
    conf.set(TaskManagerOptions.HOST, loopback);
    conf.set(TaskManagerOptions.BIND_HOST, loopback);
    conf.set(RestOptions.ADDRESS, loopback);
    conf.set(RestOptions.BIND_ADDRESS, loopback);
  }

  /** Slots for the readers, the parsers and the aggregate to run at once. */
  private static int localSlots(int parallelism) {
    return 3 * parallelism;
  }

  @Override
  public void close() throws Exception {
    if (shared != null) {
      shared.close();
    }
  }
}
