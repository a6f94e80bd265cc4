package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import java.io.IOException;
import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.client.JobExecutionException;
import org.apache.flink.util.SerializedThrowable;
import org.junit.jupiter.api.Test;

class FlinkClusterTest {
  @Test
  void aDiskTooFullForTheShuffleIsOneLineNamingTheDirectory() {
    // As the MiniCluster reports it: the task's exception travels serialized.
    Exception failure =
        new JobExecutionException(
            new JobID(),
            "Job execution failed.",
            new RuntimeException(
                "Recovery is suppressed by NoRestartBackoffTimeStrategy",
                new SerializedThrowable(
                    new RuntimeException(
                        new IOException(
                            "Failed to choose a storage tier to start a new segment.")))));
    Exception explained = FlinkCluster.explained(failure);
    assertTrue(explained instanceof BadInputException, explained.toString());
    assertTrue(explained.getMessage().contains(System.getProperty("java.io.tmpdir")));
    assertTrue(explained.getMessage().contains("5% free space"), explained.getMessage());
  }

  @Test
  void anyOtherFailureStaysAsItIs() {
    Exception failure =
        new JobExecutionException(
            new JobID(), "Job execution failed.", new IllegalStateException("a bug"));
    assertSame(failure, FlinkCluster.explained(failure));
  }
}
