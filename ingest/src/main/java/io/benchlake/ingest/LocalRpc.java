package io.benchlake.ingest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.flink.client.deployment.executors.LocalExecutor;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.core.execution.PipelineExecutor;
import org.apache.flink.core.execution.PipelineExecutorFactory;
import org.apache.flink.core.execution.PipelineExecutorServiceLoader;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;
import org.apache.flink.runtime.rpc.RpcSystem;
import org.apache.flink.util.Reference;

/**
 * One Flink RPC system for every MiniCluster of this process. A MiniCluster loads its own by
 * default: it copies Flink's 21 MB RPC jar to a temporary file and loads its Pekko and Scala
 * classes in a class loader of their own, about 0.8 s of CPU at each start (a batch ingest with
 * alerts starts two clusters; 0.9 s for a cluster's start and stop, 0.15 s with this one, C1 only).
 * The clusters borrow it, so closing one leaves it; its jar is deleted when the JVM exits.
 */
final class LocalRpc {
  private static RpcSystem loaded;

  private LocalRpc() {}

  /** A MiniCluster of {@code configuration} on this process's RPC system. */
  static MiniCluster miniCluster(MiniClusterConfiguration configuration) {
    RpcSystem rpc = system();
    return new MiniCluster(configuration, () -> Reference.borrowed(rpc));
  }

  /** Flink's local executor (the one {@code executeAsync} finds) on {@link #miniCluster}s. */
  static final PipelineExecutorServiceLoader EXECUTORS =
      new PipelineExecutorServiceLoader() {
        @Override
        public PipelineExecutorFactory getExecutorFactory(Configuration configuration) {
          return new PipelineExecutorFactory() {
            @Override
            public String getName() {
              return LocalExecutor.NAME;
            }

            @Override
            public boolean isCompatibleWith(Configuration configuration) {
              return true;
            }

            @Override
            public PipelineExecutor getExecutor(Configuration configuration) {
              return LocalExecutor.createWithFactory(configuration, LocalRpc::miniCluster);
            }
          };
        }

        @Override
        public Stream<String> getExecutorNames() {
          return Stream.of(LocalExecutor.NAME);
        }
      };

  private static synchronized RpcSystem system() {
    if (loaded == null) {
      try {
        // a directory of its own, so that its jar is known and deleted at exit (files are deleted
        // in the reverse order of their registration: the jar, then the directory)
        Path dir = Files.createTempDirectory("benchlake-flink-rpc");
        dir.toFile().deleteOnExit();
        Configuration conf = new Configuration();
        conf.set(CoreOptions.TMP_DIRS, dir.toString());
        loaded = RpcSystem.load(conf);
        try (Stream<Path> files = Files.list(dir)) {
          files.forEach(f -> f.toFile().deleteOnExit());
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return loaded;
  }
}
