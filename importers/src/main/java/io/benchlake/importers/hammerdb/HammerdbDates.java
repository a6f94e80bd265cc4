package io.benchlake.importers.hammerdb;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * When a HammerDB run started, from the most exact thing its outputs say (docs/import.md): the
 * jobid, the jobs timestamp, Timestamp/End lines, the counter's times, the profile report's time,
 * and last the log's header (the log is appended to, so it can predate the run by days).
 */
final class HammerdbDates {
  private final Optional<ZoneId> timezone;
  private final Optional<ZoneOffset> jobsOffset;

  HammerdbDates(Optional<ZoneId> timezone, List<HammerdbResult> results) {
    this.timezone = timezone;
    this.jobsOffset = results.stream().flatMap(r -> offset(r).stream()).findFirst();
  }

  /** The first 8 hex digits of a jobid are the job's start in UNIX seconds (UTC). */
  static Optional<Instant> jobIdTime(String jobId) {
    return jobId != null && jobId.matches("[0-9A-Fa-f]{24}")
        ? Optional.of(Instant.ofEpochSecond(Long.parseLong(jobId.substring(0, 8), 16)))
        : Optional.empty();
  }

  /**
   * The jobs database's local time beside the jobid's UTC time: the machine's offset, to the
   * quarter hour (the two are taken a moment apart).
   */
  static Optional<ZoneOffset> offset(HammerdbResult r) {
    Optional<Instant> utc = jobIdTime(r.jobId);
    if (utc.isEmpty() || r.jobTimestamp == null) {
      return Optional.empty();
    }
    long seconds =
        Duration.between(utc.get(), r.jobTimestamp.local().toInstant(ZoneOffset.UTC)).getSeconds();
    long quarters = Math.round(seconds / 900.0);
    return Math.abs(quarters) <= 18 * 4
        ? Optional.of(ZoneOffset.ofTotalSeconds((int) (quarters * 900)))
        : Optional.empty();
  }

  Instant at(HammerdbClock clock) {
    return clock.instant(timezone, jobsOffset);
  }

  /** When {@code r} started, if anything printed says. */
  Optional<Instant> start(HammerdbResult r) {
    Optional<Instant> job = jobIdTime(r.jobId);
    if (job.isPresent()) {
      return job;
    }
    Duration run = Duration.ofMinutes(r.minutes());
    if (r.jobTimestamp != null) {
      return Optional.of(at(r.jobTimestamp));
    }
    if (r.started != null) {
      return Optional.of(at(r.started));
    }
    if (r.ended != null) {
      return Optional.of(at(r.ended).minus(run));
    }
    Optional<HammerdbClock> counted = r.counter == null ? Optional.empty() : r.counter.first();
    if (counted.isPresent()) {
      return Optional.of(at(counted.get()));
    }
    if (r.profile != null && r.profile.reported().isPresent()) {
      return Optional.of(at(r.profile.reported().get()).minus(run));
    }
    return r.logOpened == null ? Optional.empty() : Optional.of(at(r.logOpened));
  }

  /** The time a standalone profile or counter series speaks of, if it has one. */
  Optional<Instant> when(HammerdbFile.Profile p) {
    return p.reported().map(this::at);
  }

  Optional<Instant> when(HammerdbFile.Counter c) {
    return c.first().map(this::at);
  }
}
