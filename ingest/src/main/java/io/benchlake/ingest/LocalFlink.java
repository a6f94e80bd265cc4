package io.benchlake.ingest;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.graph.StreamGraph;

/**
 * Where ingest jobs run in this process: a MiniCluster per job (a one-off batch ingest), or one
 * MiniCluster kept for many jobs (follow mode, benchmarks), which saves its start-up each time.
 */
public final class LocalFlink implements AutoCloseable {
  private final int parallelism;
  private final MiniCluster shared;

  private LocalFlink(int parallelism, MiniCluster shared) {
    this.parallelism = parallelism;
    this.shared = shared;
  }

  /** A MiniCluster started for each job. */
  public static LocalFlink perJob(int parallelism) {
    return new LocalFlink(parallelism, null);
  }

  /** One MiniCluster of {@code taskManagers} task managers kept until {@link #close}. */
  public static LocalFlink shared(int parallelism, int taskManagers) throws Exception {
    int slotsEach = Math.max(1, (parallelism + taskManagers - 1) / taskManagers);
    Configuration conf = configuration(parallelism);
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
    return new LocalFlink(parallelism, cluster);
  }

  /** A new environment for one batch job. */
  StreamExecutionEnvironment environment() {
    Configuration conf = configuration(parallelism);
    return shared == null
        ? StreamExecutionEnvironment.createLocalEnvironment(parallelism, conf)
        : StreamExecutionEnvironment.getExecutionEnvironment(conf);
  }

  /** Runs the job built on {@code env} to its end. */
  void execute(StreamExecutionEnvironment env, String name) throws Exception {
    if (shared == null) {
      env.execute(name);
      return;
    }
    StreamGraph graph = env.getStreamGraph();
    graph.setJobName(name);
    shared.executeJobBlocking(graph.getJobGraph());
  }

  private static Configuration configuration(int parallelism) {
    Configuration conf = new Configuration();
    conf.set(ExecutionOptions.RUNTIME_MODE, RuntimeExecutionMode.BATCH);
    conf.set(CoreOptions.DEFAULT_PARALLELISM, parallelism);
    conf.setString("security.delegation.tokens.enabled", "false");
    return conf;
  }

  @Override
  public void close() throws Exception {
    if (shared != null) {
      shared.close();
    }
  }
}
