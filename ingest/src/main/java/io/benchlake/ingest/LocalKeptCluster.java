package io.benchlake.ingest;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

/**
 * A MiniCluster in this process started with the first job and kept for the next ones until {@link
 * #close}: a batch ingest and the small ingest after it (the alerts' events) in one command, the
 * second job without the cluster's start (about 3.5 s of the 7 s it took on 2 cores). A command
 * that runs no job starts no cluster.
 */
final class LocalKeptCluster extends FlinkCluster {
  private LocalSharedCluster cluster;

  LocalKeptCluster(int parallelism) {
    super(parallelism);
  }

  private LocalSharedCluster started() throws Exception {
    if (cluster == null) {
      cluster = new LocalSharedCluster(parallelism(), 1, LocalFlink.shuffleHere());
    }
    return cluster;
  }

  @Override
  StreamExecutionEnvironment environment() {
    try {
      return started().environment();
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("cannot start Flink's MiniCluster: " + e.getMessage(), e);
    }
  }

  @Override
  StreamExecutionEnvironment environment(boolean pipelined) {
    try {
      return started().environment(pipelined);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("cannot start Flink's MiniCluster: " + e.getMessage(), e);
    }
  }

  @Override
  JobExecutionResult execute(StreamExecutionEnvironment env, String name, JobWatch watch)
      throws Exception {
    countJob();
    return started().execute(env, name, watch);
  }

  @Override
  public void close() throws Exception {
    if (cluster != null) {
      cluster.close();
      cluster = null;
    }
  }
}
