package io.benchlake.cli;

import io.benchlake.alerts.AlertNotice;
import io.benchlake.alerts.AlertQueries;
import io.benchlake.alerts.AlertReceiver;
import io.benchlake.alerts.NotifySettings;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.query.ResultFormatter;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;

/**
 * A schedule's {@code alerts} job: the alerts raised or changed since its last run, with their
 * provenance, written to its output file, and a message to the schedule's receiver when any is new.
 * The job's mark ({@code $BENCHLAKE_HOME/alerts/jobs/NAME}) moves on only when the message got
 * through (or none was due), so a receiver that fails gets the same alerts at the next run.
 */
final class AlertsJob {
  private final BenchlakeHome home;
  private final ScheduleFile.Job job;
  private final NotifySettings notify;

  AlertsJob(BenchlakeHome home, ScheduleFile.Job job, NotifySettings notify) {
    this.home = home;
    this.job = job;
    this.notify = notify;
  }

  /** Writes {@code out}; returns the line the schedule prints about the job. */
  String run(Path out) throws IOException {
    Optional<Instant> since = mark();
    QueryResult changed;
    try (AnalyticsSession session =
        AnalyticsSession.openFor(Warehouse.of(home), AlertQueries.QUERIES)) {
      changed = AlertQueries.changedSince(session, since.orElse(null));
    }
    int at = changed.columns().indexOf("at_us");
    long fresh =
        changed.rows().stream()
            .filter(r -> Boolean.TRUE.equals(r.get(changed.columns().indexOf("new"))))
            .count();
    Output.write(ResultFormatter.render(changed, job.format()), out);
    String line =
        "wrote " + out + " (" + fresh + " new, " + (changed.rows().size() - fresh) + " changed)";
    boolean delivered = true;
    if (notify != null && fresh > 0) {
      AlertReceiver.Delivery d =
          new AlertReceiver(notify).deliver(AlertNotice.json(job.name(), changed));
      delivered = d.delivered();
      line +=
          d.delivered()
              ? "; sent to the " + notify.receiver()
              : "; the "
                  + notify.receiver()
                  + " failed "
                  + d.attempts()
                  + " time(s) ("
                  + d.problem()
                  + "): the next run sends these alerts again";
    }
    if (delivered && !changed.rows().isEmpty()) {
      long newest =
          changed.rows().stream()
              .mapToLong(r -> ((Number) r.get(at)).longValue())
              .max()
              .orElseThrow();
      remember(Instant.EPOCH.plus(newest, java.time.temporal.ChronoUnit.MICROS));
    }
    return line;
  }

  private Path markFile() {
    return home.root().resolve("alerts").resolve("jobs").resolve(job.name());
  }

  private Optional<Instant> mark() throws IOException {
    Path f = markFile();
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Instant.parse(Files.readString(f, StandardCharsets.UTF_8).trim()));
    } catch (java.time.format.DateTimeParseException e) {
      return Optional.empty(); // unreadable: every alert again rather than none
    }
  }

  private void remember(Instant at) throws IOException {
    Files.createDirectories(markFile().getParent());
    Files.writeString(markFile(), at + "\n", StandardCharsets.UTF_8);
  }
}
