package io.benchlake.ingest.importer;

import io.benchlake.schemas.TransactionTiming;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What HammerDB's outputs of one import say: results, time profiles, counter samples, facts. */
public final class HammerdbRun {
  /** One timed run's result: the monitor's lines up to its TEST RESULT (or its failure). */
  public record Result(
      String fileDigest,
      int line,
      Integer activeVus,
      Integer rampupMin,
      Integer durationMin,
      Long nopm,
      Long tpm,
      String dbLabel,
      Optional<String> failure) {}

  /** The SUMMARY block of one time profile report: k active VUs and each procedure's timing. */
  public record Profile(int activeVus, List<TransactionTiming> procedures) {}

  /** One transaction counter sample: tpm at a time (or at an offset when the log has no times). */
  public record CounterSample(Optional<Instant> at, long tpm) {}

  final List<Result> results = new ArrayList<>();
  final List<Profile> profiles = new ArrayList<>();
  final List<List<CounterSample>> counters = new ArrayList<>();
  String hammerdbVersion;
  String dbVersion;
  String jobId;
  Integer warehouses;
  Instant startedAt;

  public List<Result> results() {
    return results;
  }

  public List<Profile> profiles() {
    return profiles;
  }

  public List<List<CounterSample>> counters() {
    return counters;
  }

  public Optional<String> hammerdbVersion() {
    return Optional.ofNullable(hammerdbVersion);
  }

  public Optional<String> dbVersion() {
    return Optional.ofNullable(dbVersion);
  }

  /**
   * When the job started: the first 8 hex digits of a jobid are its start in Unix seconds; else the
   * first time profile's clock.
   */
  public Optional<Instant> startedAt() {
    if (jobId != null && jobId.matches("[0-9A-Fa-f]{24}")) {
      return Optional.of(Instant.ofEpochSecond(Long.parseLong(jobId.substring(0, 8), 16)));
    }
    return Optional.ofNullable(startedAt);
  }

  public Optional<Integer> warehouses() {
    return Optional.ofNullable(warehouses);
  }
}
