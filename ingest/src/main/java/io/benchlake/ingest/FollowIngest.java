package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
import io.benchlake.bus.Topics;
import io.benchlake.ingest.job.DeadLetter;
import io.benchlake.ingest.job.FollowSession;
import io.benchlake.ingest.job.IngestJob;
import io.benchlake.ingest.job.RawEvent;
import io.benchlake.schemas.EventIds;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.kafka.common.TopicPartition;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Follow mode on a MiniCluster kept in this process: one streaming job, checkpointed every poll,
 * and a commit at each completed checkpoint ({@link FollowCommits}).
 */
final class FollowIngest {
  private static final Logger LOG = LoggerFactory.getLogger(FollowIngest.class);

  /** A commit's result with the refused events, compacted when one is due. */
  interface Compacted {
    IngestService.Result apply(IngestService.Result r, List<DeadLetter> refused) throws IOException;
  }

  private final LocalSharedCluster flink;
  private final Duration followQuiet;
  private final Compacted compacted;

  FollowIngest(LocalSharedCluster flink, Duration followQuiet, Compacted compacted) {
    this.flink = flink;
    this.followQuiet = followQuiet;
    this.compacted = compacted;
  }

  /**
   * The streaming follow job: reads from the committed offsets on, and at each completed checkpoint
   * commits the files finished by then with the offsets the readers had reached, held back to the
   * first event of any iteration still open. Stopping takes one last checkpoint and commits it.
   */
  void run(
      String bootstrap,
      Warehouse warehouse,
      Duration poll,
      BooleanSupplier stop,
      Consumer<IngestService.Result> each)
      throws Exception {
    // begun as a batch ingest is; its job then writes to the staging directory until it stops
    IngestTransaction ingest = warehouse.beginIngest();
    IngestService.leftoversRemoved(ingest.leftoversRemoved());
    Manifest current = warehouse.current();
    LogCheck.Found found = LogCheck.find(bootstrap, current);
    Map<Integer, Long> base = current.logStart();
    Manifest.LogIdentity log = LogCheck.check(current, found, base, bootstrap);
    long first = ingest.seq();
    Path staging = ingest.staging();
    Map<Integer, Long> start = new TreeMap<>(current.offsets());
    Map<TopicPartition, Long> starting = new HashMap<>();
    Map<Integer, Long> end = found.end();
    for (Integer partition : end.keySet()) {
      start.putIfAbsent(partition, 0L);
      starting.put(new TopicPartition(Topics.EVENTS, partition), start.get(partition));
    }
    Instant started = Instant.now();
    FollowSession session = FollowSession.start("follow-" + first + "-" + EventIds.random());
    try (FollowConflicts conflicts = FollowConflicts.of(bootstrap, start, end)) {
      session.conflicts(conflicts);
      StreamExecutionEnvironment env =
          flink.streamingEnvironment(poll.compareTo(MIN_CHECKPOINT) < 0 ? MIN_CHECKPOINT : poll);
      int readers = Math.min(flink.parallelism(), end.size());
      DataStream<RawEvent> events =
          env.fromSource(
                  IngestLog.kafkaSource(bootstrap, starting, null),
                  WatermarkStrategy.noWatermarks(),
                  "kafka: " + Topics.EVENTS)
              .setParallelism(readers);
      IngestJob.buildFollow(
          events,
          readers,
          new IngestJob.Batch(
              first, started, current.readUpTo(), BatchIngest.previousStart(current)),
          session.id(),
          staging,
          IngestLog.deadLetters(bootstrap),
          followQuiet);
      JobID job = flink.submit(env, "benchlake ingest --follow from " + first);
      FollowCommits commits =
          new FollowCommits(
              ingest,
              start,
              current.readUpTo(),
              started,
              new FollowCommits.LogFacts(
                  bootstrap, log, current.events(), current.fingerprints(), base));
      Map<Integer, Long> dlqSeen = EventLog.endOffsets(bootstrap, Topics.DLQ);
      while (!stop.getAsBoolean()) {
        Long checkpoint = session.nextCompleted(200);
        if (checkpoint != null) {
          Optional<IngestService.Result> r = commits.commit(checkpoint, session.take(checkpoint));
          if (r.isPresent()) {
            // The dead-letter topic is read only when it grew: most commits refuse nothing.
            Map<Integer, Long> dlqEnd = EventLog.endOffsets(bootstrap, Topics.DLQ);
            List<DeadLetter> refused =
                dlqEnd.equals(dlqSeen) ? List.of() : IngestLog.refusedSince(bootstrap, dlqSeen);
            dlqSeen = dlqEnd;
            each.accept(compacted.apply(r.get(), refused));
          }
        } else if (flink.status(job).isGloballyTerminalState()) {
          Throwable why = flink.failure(job).orElse(null);
          throw new IllegalStateException(
              "the follow job stopped: " + (why == null ? "no reason given" : why.getMessage()),
              why);
        }
      }
      stopFollowing(job, commits, session, each);
    } finally {
      session.close();
    }
  }

  /**
   * Takes a last checkpoint and commits it, then cancels the job. Stopping as the process ends
   * (Ctrl-C) may find Flink or the embedded broker already going down; the commits made stand
   * whatever fails here, and the next ingest reads on from the last of them.
   */
  private void stopFollowing(
      JobID job,
      FollowCommits commits,
      FollowSession session,
      Consumer<IngestService.Result> each) {
    try {
      long last = flink.checkpoint(job);
      commits.commit(last, session.take(last)).ifPresent(each);
    } catch (Exception e) {
      LOG.warn("no last checkpoint at stop: {}", e.toString());
    }
    try {
      flink.cancel(job);
    } catch (Exception e) {
      LOG.warn("the follow job did not cancel cleanly: {}", e.toString());
    }
  }

  /** Checkpoints closer together than this would commit more often than readers look. */
  private static final Duration MIN_CHECKPOINT = Duration.ofMillis(500);
}
