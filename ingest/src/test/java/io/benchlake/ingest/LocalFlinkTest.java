package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import java.io.IOException;
import org.apache.flink.api.common.BatchShuffleMode;
import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.runtime.client.JobExecutionException;
import org.apache.flink.util.SerializedThrowable;
import org.junit.jupiter.api.Test;

class LocalFlinkTest {
  /** A job failed by a task's exception, as the MiniCluster reports it: the cause serialized. */
  private static Exception failedTask(Throwable cause) {
    return new JobExecutionException(
        new JobID(),
        "Job execution failed.",
        new RuntimeException(
            "Recovery is suppressed by NoRestartBackoffTimeStrategy",
            new SerializedThrowable(cause)));
  }

  @Test
  void aDiskTooFullForTheShuffleIsOneLineNamingTheDirectory() {
    Exception failure =
        failedTask(
            new RuntimeException(
                new IOException("Failed to choose a storage tier to start a new segment.")));
    Exception explained = LocalFlink.explained(failure);
    assertTrue(explained instanceof BadInputException, explained.toString());
    assertTrue(explained.getMessage().contains(System.getProperty("java.io.tmpdir")));
    assertTrue(explained.getMessage().contains("5% free space"), explained.getMessage());
  }

  @Test
  void anyOtherFailureStaysAsItIs() {
    Exception failure =
        new JobExecutionException(
            new JobID(), "Job execution failed.", new IllegalStateException("a bug"));
    assertSame(failure, LocalFlink.explained(failure));
  }

  @Test
  void aDiskTooFullForTheStreamedShuffleGetsTheBlockingOne() {
    long total = 100L << 30;
    assertEquals(
        BatchShuffleMode.ALL_EXCHANGES_HYBRID_SELECTIVE, LocalFlink.shuffleMode(total / 2, total));
    assertEquals(
        BatchShuffleMode.ALL_EXCHANGES_HYBRID_SELECTIVE,
        LocalFlink.shuffleMode(total * 8 / 100, total));
    assertEquals(
        BatchShuffleMode.ALL_EXCHANGES_BLOCKING, LocalFlink.shuffleMode(total * 6 / 100, total));
    assertEquals(BatchShuffleMode.ALL_EXCHANGES_BLOCKING, LocalFlink.shuffleMode(0, total));
    assertEquals(
        BatchShuffleMode.ALL_EXCHANGES_HYBRID_SELECTIVE,
        LocalFlink.shuffleMode(0, 0),
        "a file system that tells no size");
  }

  @Test
  void theHybridShufflesReleaseRaceIsToldFromOtherFailures() {
    // As a 2-core machine saw it: the source's finish after its consumer released the partition.
    Exception race = failedTask(new IllegalStateException("Result partition is already released."));
    assertTrue(LocalFlink.isReleaseRace(race));
    assertFalse(
        LocalFlink.isReleaseRace(
            new JobExecutionException(new JobID(), "Job execution failed.", new IOException("x"))));
  }

  @Test
  void aJobOfFewEventsRunsPipelinedOnTheDefaultScheduler() {
    var few =
        LocalFlink.localConfiguration(
            2, LocalFlink.shuffleFor(true, BatchShuffleMode.ALL_EXCHANGES_HYBRID_SELECTIVE));
    assertEquals(
        BatchShuffleMode.ALL_EXCHANGES_PIPELINED, few.get(ExecutionOptions.BATCH_SHUFFLE_MODE));
    assertEquals(
        JobManagerOptions.SchedulerType.Default,
        few.get(JobManagerOptions.SCHEDULER),
        "the adaptive batch scheduler refuses pipelined exchanges");
    var other =
        LocalFlink.localConfiguration(
            2, LocalFlink.shuffleFor(false, BatchShuffleMode.ALL_EXCHANGES_HYBRID_SELECTIVE));
    assertEquals(
        BatchShuffleMode.ALL_EXCHANGES_HYBRID_SELECTIVE,
        other.get(ExecutionOptions.BATCH_SHUFFLE_MODE));
    assertFalse(other.getOptional(JobManagerOptions.SCHEDULER).isPresent());
  }
}
