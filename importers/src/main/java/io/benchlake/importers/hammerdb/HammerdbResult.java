package io.benchlake.importers.hammerdb;

import io.benchlake.home.BadInputException;
import io.benchlake.schemas.Property;
import java.util.ArrayList;
import java.util.List;

/**
 * One timed run as its monitor printed it, filled while its file is read: the figures of its TEST
 * RESULT (null when the run did not finish), the settings and times printed around it, and the time
 * profile and counter samples that belong to it.
 */
final class HammerdbResult {
  final HammerdbFile file;
  int line;
  Integer activeVus;
  Integer asyncClients;
  Integer sessions;
  Integer createdVus; // "N Virtual Users Created with Monitor VU": N - 1 drive transactions
  Integer rampupMin;
  Integer durationMin;
  Long nopm;
  Long tpm;
  String database;
  String failure;
  String jobId;
  HammerdbClock jobTimestamp;
  HammerdbClock started;
  HammerdbClock ended;
  HammerdbClock logOpened;
  final List<Property> properties = new ArrayList<>();
  final java.util.Set<Integer> workers = new java.util.HashSet<>();
  final HammerdbEtprof etprof = new HammerdbEtprof();
  HammerdbFile.Profile profile;
  HammerdbFile.Counter counter;

  HammerdbResult(HammerdbFile file, int line) {
    this.file = file;
    this.line = line;
  }

  String where() {
    return file.name + ":" + line;
  }

  boolean finished() {
    return nopm != null;
  }

  /**
   * Active VUs as HammerDB counts them: the monitor's line, else created - 1, else workers seen.
   */
  Integer virtualUsers() {
    Integer stated = statedVirtualUsers();
    if (stated != null || workers.isEmpty()) {
      return stated;
    }
    return workers.size();
  }

  /**
   * Active VUs as the output states them (the monitor's line, vuset, created - 1, a time profile's
   * summary); null when only worker output hints at them.
   */
  Integer statedVirtualUsers() {
    if (activeVus != null) {
      return activeVus;
    }
    if (createdVus != null) {
      return createdVus - 1;
    }
    if (profile != null && profile.activeVus() > 0) {
      return profile.activeVus();
    }
    return null;
  }

  /**
   * Takes {@code given} (--vus) as the active VUs of a run whose output states none; refuses a
   * count the output states otherwise, or more worker VUs seen than given.
   */
  void giveVirtualUsers(int given) {
    Integer stated = statedVirtualUsers();
    if (stated != null && stated != given) {
      throw new BadInputException(
          where() + ": the output says " + stated + " active virtual users but --vus " + given);
    }
    if (stated == null && workers.size() > given) {
      throw new BadInputException(
          where() + ": output from " + workers.size() + " worker virtual users but --vus " + given);
    }
    activeVus = given;
  }

  /** Minutes from the run's start to its end snapshot, when the monitor said. */
  int minutes() {
    return (rampupMin == null ? 0 : rampupMin) + (durationMin == null ? 0 : durationMin);
  }

  void property(String name, String value) {
    properties.removeIf(p -> p.name().equals(name));
    properties.add(new Property(name, value));
  }

  /** Takes what {@code other} (the same run, read from another file) knows and this does not. */
  void fillFrom(HammerdbResult other) {
    if (nopm == null && other.nopm != null) {
      nopm = other.nopm;
      tpm = other.tpm;
    }
    activeVus = activeVus != null ? activeVus : other.activeVus;
    asyncClients = asyncClients != null ? asyncClients : other.asyncClients;
    sessions = sessions != null ? sessions : other.sessions;
    createdVus = createdVus != null ? createdVus : other.createdVus;
    rampupMin = rampupMin != null ? rampupMin : other.rampupMin;
    durationMin = durationMin != null ? durationMin : other.durationMin;
    database = database != null ? database : other.database;
    failure = failure != null ? failure : other.failure;
    jobId = jobId != null ? jobId : other.jobId;
    jobTimestamp = jobTimestamp != null ? jobTimestamp : other.jobTimestamp;
    started = started != null ? started : other.started;
    ended = ended != null ? ended : other.ended;
    other.properties.forEach(
        p -> {
          if (properties.stream().noneMatch(q -> q.name().equals(p.name()))) {
            properties.add(p);
          }
        });
    if (other.profile != null) {
      offer(other.profile);
    }
    if (counter == null) {
      counter = other.counter; // samples already found are never replaced
    }
  }

  /** Takes a profile when it is more trusted than the one this run has. */
  void offer(HammerdbFile.Profile p) {
    if (profile == null || p.source().ordinal() < profile.source().ordinal()) {
      profile = p;
    }
  }
}
