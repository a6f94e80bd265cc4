package io.benchlake.cli;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import java.nio.file.Path;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** benchlake schedule: report and regression jobs on cron expressions, each after an ingest. */
@Command(
    name = "schedule",
    mixinStandardHelpOptions = true,
    description =
        "Run the report and regression jobs of a schedule file on their cron expressions, each"
            + " time after an ingest, writing OUTPUT/yyyy-MM-dd_HHmm/JOB.EXT; Ctrl-C stops."
            + " With --now, run them once and exit (for a cron or systemd timer instead).")
final class ScheduleCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  ScheduleCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Parameters(index = "0", paramLabel = "FILE", description = "The schedule, in YAML.")
  Path file;

  @Option(names = "--now", description = "Run the jobs once now and exit.")
  boolean now;

  @Option(names = "--job", paramLabel = "NAME", description = "With --now: only this job.")
  String job;

  @Mixin BusOptions bus;

  @Override
  public Integer call() throws Exception {
    ScheduleFile schedule = ScheduleFile.read(file);
    if (job != null && !now) {
      throw new BadInputException("--job goes with --now");
    }
    ScheduledJobs jobs = new ScheduledJobs(schedule, home, bus);
    ZoneId zone = ZoneId.of(schedule.timeZone());
    if (now) {
      List<ScheduleFile.Job> chosen = job == null ? schedule.jobs() : List.of(schedule.job(job));
      return jobs.runAll(chosen, ZonedDateTime.now(zone));
    }
    System.out.println(
        "Schedule " + file + " (" + schedule.jobs().size() + " jobs); Ctrl-C stops.");
    while (!Thread.currentThread().isInterrupted()) {
      ZonedDateTime from = ZonedDateTime.now(zone).truncatedTo(ChronoUnit.MINUTES);
      ScheduledJobs.Due due = jobs.nextDue(from);
      System.out.println("Next: " + due.at() + " " + due.names());
      long waitMs = java.time.Duration.between(ZonedDateTime.now(zone), due.at()).toMillis();
      if (waitMs > 0) {
        Thread.sleep(waitMs);
      }
      jobs.runAll(due.jobs(), due.at());
    }
    return 0;
  }
}
