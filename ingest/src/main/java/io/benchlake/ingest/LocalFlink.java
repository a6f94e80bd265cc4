package io.benchlake.ingest;

import io.benchlake.home.BadInputException;
import java.io.File;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.BatchExecutionOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.NettyShuffleEnvironmentOptions;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the clusters in this process share: the jobs' configuration, the shuffle for this disk,
 * waiting for a watched job, and the failures of Flink's hybrid shuffle told apart.
 */
final class LocalFlink {
  private static final Logger LOG = LoggerFactory.getLogger(LocalFlink.class);

  private LocalFlink() {}

  /**
   * The job's result once it ends, its failure thrown as {@code env.execute} throws it; a problem
   * the watch finds first cancels the job and is thrown instead.
   */
  static JobExecutionResult await(
      java.util.concurrent.CompletableFuture<JobExecutionResult> result,
      java.util.function.Supplier<java.util.concurrent.CompletableFuture<?>> cancel,
      FlinkCluster.JobWatch watch)
      throws Exception {
    while (true) {
      try {
        return result.get(FlinkCluster.WATCH_EVERY_MS, TimeUnit.MILLISECONDS);
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
  static BatchShuffleMode shuffleHere() {
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
   * A job of a few events ({@link IngestService#ingestFew}) up to this many runs with pipelined
   * exchanges: its stages start together and hand records on as they come, which for a few records
   * (the alert events of an ingest, a triage) is all the hybrid shuffle gives, without its
   * partitions' release race ({@link #isReleaseRace}): a producer with little or nothing to send
   * finishes as its consumer releases the partition, which failed such tiny jobs most, above all on
   * a MiniCluster that had run a job before. Pipelined partitions are never replaced by the tiered
   * storage (only blocking ones are), and need the default scheduler (the adaptive batch one takes
   * blocking or hybrid exchanges only).
   */
  static final long SMALL_JOB = 10_000;

  /** The shuffle of a job on a cluster whose jobs use {@code shuffle}. */
  static BatchShuffleMode shuffleFor(boolean pipelined, BatchShuffleMode shuffle) {
    return pipelined ? BatchShuffleMode.ALL_EXCHANGES_PIPELINED : shuffle;
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

  static Throwable rootCause(Throwable t) {
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  static Configuration configuration(int parallelism) {
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
  static Configuration localConfiguration(int parallelism, BatchShuffleMode shuffle) {
    Configuration conf = configuration(parallelism);
    onLoopback(conf);
    conf.set(ExecutionOptions.BATCH_SHUFFLE_MODE, shuffle);
    if (shuffle == BatchShuffleMode.ALL_EXCHANGES_PIPELINED) {
      // the adaptive batch scheduler takes blocking or hybrid exchanges only
      conf.set(JobManagerOptions.SCHEDULER, JobManagerOptions.SchedulerType.Default);
    }
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
  static int localSlots(int parallelism) {
    return 3 * parallelism;
  }
}
