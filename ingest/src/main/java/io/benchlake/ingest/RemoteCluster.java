package io.benchlake.ingest;

import io.benchlake.home.BadInputException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.FlinkException;

/**
 * A Flink cluster of its own (--flink-rest), reached through its REST endpoint: the job is sent
 * with {@link JobJars}, and that cluster keeps it, so it is not watched from here.
 */
final class RemoteCluster extends FlinkCluster {
  private final URI rest;
  private final List<Path> jars;

  RemoteCluster(URI rest, int parallelism, List<Path> jars) {
    super(parallelism);
    if (rest.getHost() == null || rest.getPort() <= 0) {
      throw new BadInputException(
          "--flink-rest must be http://HOST:PORT, the JobManager's REST address, was " + rest);
    }
    this.rest = rest;
    this.jars = List.copyOf(jars);
  }

  @Override
  StreamExecutionEnvironment environment() {
    return StreamExecutionEnvironment.createRemoteEnvironment(
        rest.getHost(),
        rest.getPort(),
        LocalFlink.configuration(parallelism()),
        jars.stream().map(Path::toString).toArray(String[]::new));
  }

  @Override
  JobExecutionResult execute(StreamExecutionEnvironment env, String name, JobWatch watch)
      throws Exception {
    countJob();
    try {
      return env.execute(name);
    } catch (FlinkException e) {
      if (LocalFlink.rootCause(e) instanceof java.net.ConnectException) {
        throw new BadInputException(
            "no Flink cluster answered at " + rest + " (check --flink-rest)");
      }
      throw e;
    }
  }
}
