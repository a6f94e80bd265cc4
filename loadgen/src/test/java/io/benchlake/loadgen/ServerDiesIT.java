package io.benchlake.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.ServerFailedException;
import io.benchlake.loadgen.run.BenchmarkRun;
import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.run.ServerConnections;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.server.ServerConfig;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.Sample;
import io.benchlake.testing.Await;
import io.benchlake.testing.TestDirs;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A server that dies in the middle of an iteration: the samples so far stay, the run fails. */
class ServerDiesIT {
  @Test
  @Timeout(300)
  void theSamplesSoFarArePublishedAndTheRunIsMarkedFailedWithTheReason() throws Exception {
    Path dir = TestDirs.fresh("dies");
    List<Event> events = Collections.synchronizedList(new ArrayList<>());
    ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
    try (EmbeddedMariaDb server =
        EmbeddedMariaDb.start(new BenchlakeHome(dir), "11.4.5", ServerConfig.embeddedDefaults())) {
      // an hour's iteration: only the failure, noticed, ends the run before the test's timeout
      RunPlan plan = PointSelects.twoWorkersFor(3600);
      ServerConnections ds = ServerConnections.open(server);
      BenchmarkRun run =
          new BenchmarkRun(
              plan, server, events::add, new PrintStream(OutputStream.nullOutputStream()));
      run.prepare(ds);
      long pid = server.pid().orElseThrow();
      // The server process this test started, killed by its PID as a crash would, once the run
      // has published two interval samples.
      killer.submit(
          () -> {
            Await.until(
                () -> events.stream().filter(Sample.class::isInstance).count() >= 2,
                Duration.ofSeconds(120),
                "two interval samples");
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            return null;
          });
      ServerFailedException e = assertThrows(ServerFailedException.class, () -> run.execute(ds));
      assertTrue(e.getMessage().contains("SQL error"), e.getMessage());
    } finally {
      killer.shutdownNow();
    }
    long samples = events.stream().filter(e -> e instanceof Sample).count();
    assertTrue(samples >= 2, "the samples before the crash are kept: " + samples);
    IterationFinished iteration =
        events.stream()
            .filter(e -> e instanceof IterationFinished)
            .map(e -> (IterationFinished) e)
            .findFirst()
            .orElseThrow();
    assertEquals(IterationFinished.Status.failed, iteration.status());
    RunFinished finished = (RunFinished) events.get(events.size() - 1);
    assertEquals(RunFinished.Status.failed, finished.status());
    assertTrue(finished.error().contains("SQL error"), finished.error());
  }
}
