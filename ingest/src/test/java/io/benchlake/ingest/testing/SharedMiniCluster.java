package io.benchlake.ingest.testing;

import io.benchlake.ingest.FlinkCluster;
import io.benchlake.ingest.IngestService;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One Flink MiniCluster shared by the tests of one class (a static {@code @RegisterExtension}
 * field, as flink-training's MiniCluster extension): their batch ingests run on it as jobs one
 * after the other, instead of starting a cluster per job. A test of the per-job cluster, of follow
 * mode's own cluster or of a job's failure keeps its own {@link IngestService}.
 */
public final class SharedMiniCluster implements BeforeAllCallback, AfterAllCallback {
  private final int parallelism;
  private FlinkCluster cluster;

  /** A cluster whose jobs run {@code parallelism} instances of each operator. */
  public SharedMiniCluster(int parallelism) {
    this.parallelism = parallelism;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    cluster = FlinkCluster.shared(parallelism, 1);
  }

  @Override
  public void afterAll(ExtensionContext context) throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** An ingest service whose jobs run on the shared cluster, compacting as the default does. */
  public IngestService ingestService() {
    return ingestService(IngestService.DEFAULT_COMPACT_ABOVE);
  }

  /** An ingest service whose jobs run on the shared cluster. */
  public IngestService ingestService(int compactAbove) {
    if (cluster == null) {
      throw new IllegalStateException(
          "the shared MiniCluster starts before the class's tests: register it on a static field");
    }
    return new IngestService(cluster, compactAbove);
  }
}
