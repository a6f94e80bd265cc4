package io.benchlake.ingest;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.CheckpointType;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

/**
 * One MiniCluster in this process kept for many jobs until {@link #close}: follow mode's streaming
 * job (submitted, checkpointed and cancelled from here) and benchmarks' batch jobs.
 */
final class LocalSharedCluster extends FlinkCluster {
  private final MiniCluster cluster;

  /** How the stages of a job exchange records; chosen when the cluster starts. */
  private final BatchShuffleMode shuffle;

  LocalSharedCluster(int parallelism, int taskManagers, BatchShuffleMode shuffle) throws Exception {
    super(parallelism);
    this.shuffle = shuffle;
    int slotsEach =
        Math.max(1, (LocalFlink.localSlots(parallelism) + taskManagers - 1) / taskManagers);
    Configuration conf = LocalFlink.localConfiguration(parallelism, shuffle);
    conf.set(TaskManagerOptions.NUM_TASK_SLOTS, slotsEach);
    cluster =
        LocalRpc.miniCluster(
            new MiniClusterConfiguration.Builder()
                .setConfiguration(conf)
                .setNumTaskManagers(taskManagers)
                .setNumSlotsPerTaskManager(slotsEach)
                .withRandomPorts()
                .build());
    cluster.start();
  }

  @Override
  StreamExecutionEnvironment environment() {
    return StreamExecutionEnvironment.getExecutionEnvironment(
        LocalFlink.localConfiguration(parallelism(), shuffle));
  }

  @Override
  StreamExecutionEnvironment environment(boolean pipelined) {
    return StreamExecutionEnvironment.getExecutionEnvironment(
        LocalFlink.localConfiguration(parallelism(), LocalFlink.shuffleFor(pipelined, shuffle)));
  }

  /**
   * A new environment for a streaming job, checkpointed every {@code every}, and not restarted when
   * it fails (its commits are the process's, not Flink's state).
   */
  StreamExecutionEnvironment streamingEnvironment(Duration every) {
    Configuration conf = LocalFlink.localConfiguration(parallelism(), shuffle);
    conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.STREAMING);
    conf.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, every);
    conf.set(RestartStrategyOptions.RESTART_STRATEGY, "none");
    return StreamExecutionEnvironment.getExecutionEnvironment(conf);
  }

  /** Starts the job built on {@code env} and returns at once. */
  JobID submit(StreamExecutionEnvironment env, String name) throws Exception {
    countJob();
    StreamGraph graph = env.getStreamGraph();
    graph.setJobName(name);
    return cluster.submitJob(graph.getJobGraph()).get().getJobID();
  }

  /** Takes a checkpoint of a running job now; its id once it completed. */
  long checkpoint(JobID job) throws Exception {
    return cluster.triggerCheckpoint(job, CheckpointType.CONFIGURED).get(30, TimeUnit.SECONDS);
  }

  /** The job's state, e.g. FAILED when it stopped on an error. */
  JobStatus status(JobID job) throws Exception {
    return cluster.getJobStatus(job).get();
  }

  /** Why a job that ended failed, or empty. */
  Optional<Throwable> failure(JobID job) throws Exception {
    var result = cluster.requestJobResult(job).get();
    return result
        .getSerializedThrowable()
        .map(t -> t.deserializeError(getClass().getClassLoader()));
  }

  /** Cancels a running job and waits until it has stopped. */
  void cancel(JobID job) throws Exception {
    if (!status(job).isGloballyTerminalState()) {
      cluster.cancelJob(job).get(30, TimeUnit.SECONDS);
    }
    cluster.requestJobResult(job).get(30, TimeUnit.SECONDS);
  }

  @Override
  JobExecutionResult execute(StreamExecutionEnvironment env, String name, JobWatch watch)
      throws Exception {
    try {
      JobID job = submit(env, name);
      ClassLoader loader = getClass().getClassLoader();
      JobExecutionResult result =
          LocalFlink.await(
              cluster
                  .requestJobResult(job)
                  .thenApply(
                      r -> {
                        try {
                          return r.toJobExecutionResult(loader);
                        } catch (Exception e) {
                          throw new CompletionException(e);
                        }
                      }),
              () -> cluster.cancelJob(job),
              watch);
      localJobDone();
      return result;
    } catch (Exception e) {
      throw LocalFlink.explained(e);
    }
  }

  @Override
  public void close() throws Exception {
    cluster.close();
  }
}
