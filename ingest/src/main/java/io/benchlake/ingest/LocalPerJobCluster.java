package io.benchlake.ingest;

import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.client.deployment.executors.LocalExecutor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DeploymentOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/** A MiniCluster in this process started for each job and gone with it: a one-off batch ingest. */
final class LocalPerJobCluster extends FlinkCluster {
  LocalPerJobCluster(int parallelism) {
    super(parallelism);
  }

  @Override
  StreamExecutionEnvironment environment() {
    return local(LocalFlink.shuffleHere());
  }

  @Override
  StreamExecutionEnvironment environment(boolean pipelined) {
    return local(LocalFlink.shuffleFor(pipelined, LocalFlink.shuffleHere()));
  }

  /** As {@code createLocalEnvironment}, its MiniCluster on this process's RPC system. */
  private StreamExecutionEnvironment local(BatchShuffleMode shuffle) {
    Configuration conf = LocalFlink.localConfiguration(parallelism(), shuffle);
    conf.set(DeploymentOptions.TARGET, LocalExecutor.NAME);
    conf.set(DeploymentOptions.ATTACHED, true);
    return new StreamExecutionEnvironment(
        LocalRpc.EXECUTORS, conf, StreamExecutionEnvironment.class.getClassLoader());
  }

  @Override
  JobExecutionResult execute(StreamExecutionEnvironment env, String name, JobWatch watch)
      throws Exception {
    countJob();
    try {
      JobClient client = env.executeAsync(name);
      JobExecutionResult result =
          LocalFlink.await(client.getJobExecutionResult(), client::cancel, watch);
      localJobDone();
      return result;
    } catch (Exception e) {
      throw LocalFlink.explained(e);
    }
  }
}
