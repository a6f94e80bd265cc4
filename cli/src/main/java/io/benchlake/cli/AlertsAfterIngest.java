package io.benchlake.cli;

import io.benchlake.alerts.AlertEvaluation;
import io.benchlake.alerts.AlertLog;
import io.benchlake.alerts.AlertSettings;
import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.ingest.CommitListener;
import io.benchlake.ingest.IngestService;
import io.benchlake.schemas.Alert;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The alerts' evaluation after a batch ingest's commit: the series the commit reached are
 * evaluated, the findings published and made visible by a second, small ingest before `ingest`
 * returns. A failure never undoes the commit: one line, and the next ingest evaluates again (from
 * the last commit evaluated, kept in {@code $BENCHLAKE_HOME/alerts/evaluated}).
 */
final class AlertsAfterIngest implements CommitListener {
  private static final Logger LOG = LoggerFactory.getLogger(AlertsAfterIngest.class);

  private final BenchlakeHome home;
  private final Warehouse warehouse;
  private final String bootstrap;
  private final IngestService service;
  private boolean publishing; // the small ingest of the alert events: nothing to evaluate

  AlertsAfterIngest(
      BenchlakeHome home, Warehouse warehouse, String bootstrap, IngestService service) {
    this.home = home;
    this.warehouse = warehouse;
    this.bootstrap = bootstrap;
    this.service = service;
  }

  @Override
  public void committed(long previousSeq, IngestService.Result result) {
    if (publishing) {
      return;
    }
    long started = System.nanoTime();
    StepClock clock = StepClock.start(); // where the time goes, with -Dbenchlake.timing=true
    try {
      long since = lastEvaluated().map(s -> Math.min(s, previousSeq)).orElse(0L);
      if (!AddedSince.resultsOrAliases(warehouse, since)) {
        // only alert, triage, annotation or run events: no series got a point, no alias merged one
        remember(result.seq());
        LOG.info(
            "alerts after ingest {}: nothing to evaluate since ingest {}", result.seq(), since);
        System.out.println(describe(new AlertEvaluation.Outcome(0, List.of()), elapsed(started)));
        return;
      }
      AlertEvaluation.Outcome o = evaluate(since, result.seq());
      clock.lap("alerts: evaluation (session, queries, detectors)");
      long evaluated = System.nanoTime();
      publishing = true;
      long[] published = {evaluated};
      AlertLog.publish(
          bootstrap,
          o.events(),
          () -> {
            clock.lap("alerts: publish " + o.events().size() + " events");
            published[0] = System.nanoTime();
            service.ingestFew(bootstrap, warehouse);
            clock.lap("alerts: the small ingest of the alert events");
          });
      remember(result.seq());
      long end = System.nanoTime();
      LOG.info(
          "alerts after ingest {}: {} series since ingest {} in {} ms: evaluation {} ms ({}),"
              + " {} events published in {} ms, their ingest {} ms",
          result.seq(),
          o.series(),
          since,
          ms(end - started),
          ms(evaluated - started),
          o.steps().stream().map(Object::toString).collect(Collectors.joining(", ")),
          o.events().size(),
          ms(published[0] - evaluated),
          ms(o.events().isEmpty() ? 0 : end - published[0]));
      System.out.println(describe(o, elapsed(started)));
    } catch (Exception | LinkageError e) {
      System.out.println(
          "Alerts: the evaluation after ingest "
              + result.seq()
              + " failed ("
              + firstLine(e)
              + "); the ingest stays committed and the next one evaluates again.");
    } finally {
      publishing = false;
    }
  }

  AlertEvaluation.Outcome evaluate(long since, long commit) {
    long opening = System.nanoTime();
    try (AnalyticsSession session =
        AnalyticsSession.openFor(
            warehouse,
            AlertEvaluation.QUERIES,
            AlertEvaluation.LATER,
            AlertEvaluation.AS_TABLES,
            Optional.of(AlertEvaluation.kept(home.root())))) {
      AlertEvaluation.Step open =
          new AlertEvaluation.Step("session", ms(System.nanoTime() - opening));
      AlertEvaluation.Outcome o =
          AlertEvaluation.evaluate(
              session,
              warehouse::commitIdAt,
              since,
              commit,
              Instant.now(),
              AlertSettings.of(home.root()));
      List<AlertEvaluation.Step> steps = new ArrayList<>(List.of(open));
      steps.addAll(o.steps());
      return new AlertEvaluation.Outcome(o.series(), o.events(), steps);
    }
  }

  private static double elapsed(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  private static double ms(long nanos) {
    return Math.round(nanos / 1e5) / 10.0;
  }

  static String describe(AlertEvaluation.Outcome o, double seconds) {
    return String.format(
        Locale.ROOT,
        "Alerts: %d series evaluated in %.1f s: %d raised (%d untriaged), %d moved, %d vanished%s.",
        o.series(),
        seconds,
        o.count(Alert.Change.raised),
        o.untriaged(),
        o.count(Alert.Change.moved),
        o.count(Alert.Change.vanished),
        o.count(Alert.Change.superseded) == 0
            ? ""
            : ", " + o.count(Alert.Change.superseded) + " superseded by an alias");
  }

  private Path stateFile() {
    return home.root().resolve("alerts").resolve("evaluated");
  }

  private Optional<Long> lastEvaluated() throws IOException {
    Path f = stateFile();
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Long.parseLong(Files.readString(f, StandardCharsets.UTF_8).trim()));
    } catch (NumberFormatException e) {
      return Optional.empty(); // unreadable: the whole history again, as after an upgrade
    }
  }

  private void remember(long seq) throws IOException {
    Files.createDirectories(stateFile().getParent());
    Files.writeString(stateFile(), seq + "\n", StandardCharsets.UTF_8);
  }

  private static String firstLine(Throwable e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int nl = m.indexOf('\n');
    return nl < 0 ? m : m.substring(0, nl);
  }
}
