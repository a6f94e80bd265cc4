package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Runs a schedule's jobs: an ingest first, then each job's verb into its dated output file. */
final class ScheduledJobs {
  private static final DateTimeFormatter DIR = DateTimeFormatter.ofPattern("yyyy-MM-dd_HHmm");
  private final ScheduleFile schedule;
  private final BenchlakeHome home;
  private final BusOptions bus;

  ScheduledJobs(ScheduleFile schedule, BenchlakeHome home, BusOptions bus) {
    this.schedule = schedule;
    this.home = home;
    this.bus = bus;
  }

  /** The jobs due next after {@code from}, all at the same minute. */
  record Due(ZonedDateTime at, List<ScheduleFile.Job> jobs) {
    List<String> names() {
      return jobs.stream().map(ScheduleFile.Job::name).toList();
    }
  }

  Due nextDue(ZonedDateTime from) {
    ZonedDateTime earliest = null;
    List<ScheduleFile.Job> due = new ArrayList<>();
    for (ScheduleFile.Job job : schedule.jobs()) {
      Optional<ZonedDateTime> next = job.nextAfter(from);
      if (next.isEmpty()) {
        continue;
      }
      int c = earliest == null ? -1 : next.get().compareTo(earliest);
      if (c < 0) {
        earliest = next.get();
        due.clear();
      }
      if (c <= 0) {
        due.add(job);
      }
    }
    if (earliest == null) {
      throw new BadInputException("no job of the schedule is ever due");
    }
    due.sort(Comparator.comparing(ScheduleFile.Job::name));
    return new Due(earliest, due);
  }

  /**
   * Ingests, then runs {@code jobs} as of {@code at}; returns 0 when every job ran (a regression
   * found is a result, not a failure), else the first failing job's exit code.
   */
  int runAll(List<ScheduleFile.Job> jobs, ZonedDateTime at) throws Exception {
    ingest();
    Path dir = outputRoot().resolve(DIR.format(at));
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new BadInputException(
          "cannot create the output directory " + dir + ": " + e.getMessage());
    }
    int worst = 0;
    for (ScheduleFile.Job job : jobs) {
      Path out = dir.resolve(job.name() + "." + job.extension());
      if (job.verb().equals("alerts")) {
        System.out.printf(
            "%s %s: %s%n",
            DIR.format(at), job.name(), new AlertsJob(home, job, schedule.receiver()).run(out));
        continue;
      }
      List<String> args = new ArrayList<>();
      args.add(job.verb());
      args.addAll(job.args());
      args.add("--out");
      args.add(out.toString());
      int exit = Benchlake.execute(home, args.toArray(String[]::new));
      boolean ok = exit == 0 || exit == 3;
      System.out.printf(
          "%s %s: %s%n",
          DIR.format(at),
          job.name(),
          ok ? "wrote " + out + (exit == 3 ? " (regressions found)" : "") : "failed, exit " + exit);
      if (!ok && worst == 0) {
        worst = exit;
      }
    }
    return worst;
  }

  private void ingest() throws Exception {
    try (EventBus connection = bus.connect(home)) {
      Warehouse warehouse = Warehouse.of(home);
      IngestService.Result r = new IngestService(2).ingest(connection.bootstrap(), warehouse);
      CachedHistories.refreshAfter(r, home, warehouse);
      if (!r.refused().isEmpty()) {
        System.err.println(
            "benchlake: the ingest before the jobs refused "
                + r.refused().size()
                + " event(s); `benchlake dlq` lists them");
      }
    }
  }

  private Path outputRoot() {
    return schedule.output() == null
        ? home.warehouse().resolveSibling("scheduled")
        : Path.of(schedule.output());
  }
}
