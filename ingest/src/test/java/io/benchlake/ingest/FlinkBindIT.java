package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.junit.jupiter.api.Test;

/** The MiniCluster of an ingest listens on 127.0.0.1 only: RPC, blob server, REST, shuffle. */
class FlinkBindIT {
  @Test
  void everyPortOfTheMiniClusterIsOnLoopbackWhileAJobRuns() throws Exception {
    List<String> before = ListeningSockets.ofThisProcess();
    try (FlinkCluster cluster = FlinkCluster.shared(1, 1)) {
      StreamExecutionEnvironment env = cluster.environment();
      List<String> during;
      try (var results = env.fromData(1, 2, 3).map(x -> x * 2).name("double").executeAndCollect()) {
        results.next(); // the job is running
        during = ListeningSockets.ofThisProcess();
        results.forEachRemaining(x -> {});
      }
      List<String> opened = during.stream().filter(a -> !before.contains(a)).toList();
      assertFalse(opened.isEmpty(), "the MiniCluster listens somewhere: " + during);
      assertEquals(
          List.of(),
          opened.stream().filter(a -> !ListeningSockets.isLoopback(a)).toList(),
          "ports the MiniCluster opened on other interfaces (all: " + opened + ")");
    }
  }
}
