package io.benchlake.ingest;

import io.benchlake.ingest.job.FollowSession;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A follow job's commits, one per completed checkpoint that read something: the warehouse hands out
 * each sequence number, at least the one its rows carry (the first plus the checkpoint before
 * them), offsets as far as the readers got but not past an open iteration's first event.
 */
final class FollowCommits {
  private static final Logger LOG = LoggerFactory.getLogger(FollowCommits.class);

  private final IngestTransaction ingest;
  private final Path staging;
  private final Map<Integer, Long> next;
  private final Map<Integer, Long> readUpTo;
  private final Instant started;
  private final long first;
  private final LogFacts log;
  private Map<Integer, Manifest.Fingerprint> fingerprints;
  private Map<Integer, Long> fingerprinted;
  private long lastCheckpoint;

  /**
   * The log a follow job reads, as its commits record it: where it is, its identity, the events
   * below the offsets the job started after (null: unknown), the fingerprints there, and the start
   * offsets it is held to.
   */
  record LogFacts(
      String bootstrap,
      Manifest.LogIdentity identity,
      Long eventsBefore,
      Map<Integer, Manifest.Fingerprint> fingerprints,
      Map<Integer, Long> base) {}

  /**
   * The commits of the job writing to {@code ingest}'s staging directory, begun on a warehouse
   * whose last commit read up to {@code readUpTo}.
   */
  FollowCommits(
      IngestTransaction ingest,
      Map<Integer, Long> start,
      Map<Integer, Long> readUpTo,
      Instant started,
      LogFacts log) {
    this.ingest = ingest;
    this.staging = ingest.staging();
    this.next = new TreeMap<>(start);
    this.readUpTo = new TreeMap<>(readUpTo);
    this.started = started;
    this.first = ingest.seq();
    this.log = log;
    this.fingerprints = log.fingerprints();
    this.fingerprinted = new TreeMap<>(readUpTo);
  }

  Optional<IngestService.Result> commit(long checkpoint, FollowSession.Progress progress) {
    if (checkpoint <= lastCheckpoint) {
      return Optional.empty(); // each reader hears of a completed checkpoint
    }
    lastCheckpoint = checkpoint;
    long read = 0;
    for (var e : progress.next().entrySet()) {
      read += Math.max(0, e.getValue() - next.getOrDefault(e.getKey(), 0L));
      next.merge(e.getKey(), e.getValue(), Math::max);
      readUpTo.merge(e.getKey(), e.getValue(), Math::max);
    }
    if (read == 0 && !hasFinishedFiles()) {
      return Optional.empty();
    }
    Map<Integer, Long> offsets = new TreeMap<>(next);
    progress.openFrom().forEach((p, o) -> offsets.merge(p, o, Math::min));
    Long events =
        log.eventsBefore() == null
            ? null
            : log.eventsBefore()
                + progress.counted().values().stream().mapToLong(Long::longValue).sum();
    fingerprints = Fingerprints.below(log.bootstrap(), fingerprints, fingerprinted, readUpTo);
    fingerprinted = new TreeMap<>(readUpTo);
    // The rows read before checkpoint k carry first + k - 1 (FollowAggregator, FollowRouter); the
    // warehouse commits them as the next sequence number at least that.
    long seq =
        ingest
            .commitSoFar(
                first + checkpoint - 1,
                new Manifest.Progress(
                    offsets, readUpTo, started, log.identity(), events, fingerprints, log.base()))
            .seq();
    LOG.info("follow commit {} (checkpoint {}) read {} events", seq, checkpoint, read);
    return Optional.of(new IngestService.Result(seq, read, List.of(), false));
  }

  private boolean hasFinishedFiles() {
    if (!Files.isDirectory(staging)) {
      return false;
    }
    try (Stream<Path> walk = Files.walk(staging)) {
      return walk.anyMatch(
          f -> Files.isRegularFile(f) && !f.getFileName().toString().startsWith("."));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
