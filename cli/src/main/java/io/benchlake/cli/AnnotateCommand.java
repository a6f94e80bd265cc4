package io.benchlake.cli;

import io.benchlake.analytics.annotate.AnnotatedRun;
import io.benchlake.bus.EventBus;
import io.benchlake.bus.EventPublisher;
import io.benchlake.core.Labels;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.Annotation;
import io.benchlake.schemas.RunContext;
import io.benchlake.warehouse.Warehouse;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** benchlake annotate: leaves a run, thread count or iteration out of statistics, or back in. */
@Command(
    name = "annotate",
    mixinStandardHelpOptions = true,
    description =
        "Mark a run, one thread count or one iteration as bad (--exclude) or good again"
            + " (--include), with a reason; reports, regressions, trends and change points leave"
            + " excluded iterations out and say so.")
final class AnnotateCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  AnnotateCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Parameters(index = "0", paramLabel = "RUN", description = "The run id, or a unique start of it.")
  String run;

  @Option(names = "--threads", description = "Only this thread count of the run.")
  Integer threads;

  @Option(
      names = "--iteration",
      description = "Only this iteration (at every thread count unless --threads).")
  Integer iteration;

  @ArgGroup(multiplicity = "1")
  Verdict verdict;

  static final class Verdict {
    @Option(names = "--exclude", required = true, description = "Leave it out of statistics.")
    boolean exclude;

    @Option(names = "--include", required = true, description = "Take it back in.")
    boolean include;
  }

  @Option(names = "--reason", required = true, description = "Why, for whoever reads the report.")
  String reason;

  @Mixin BusOptions bus;

  @Override
  public Integer call() {
    if (reason.isBlank()) {
      throw new BadInputException("--reason must say why");
    }
    Labels.problem("--reason", reason)
        .ifPresent(
            p -> {
              throw new BadInputException(p);
            });
    AnnotatedRun target = AnnotatedRun.find(Warehouse.of(home), run, threads, iteration);
    Annotation annotation =
        RunContext.live(target.runId(), target.startedAt())
            .event("annotation")
            .annotation(
                threads,
                iteration,
                verdict.exclude ? Annotation.Action.exclude : Annotation.Action.include,
                reason,
                System.getProperty("user.name"));
    try (EventBus connection = bus.connect(home);
        EventPublisher publisher = new EventPublisher(connection.bootstrap())) {
      publisher.publish(annotation);
    }
    System.out.printf(
        "%s %s of %s (%s, %s): %s%nNext: benchlake ingest%n",
        verdict.exclude ? "Excluded" : "Included",
        scope(),
        target.runId(),
        target.dataset(),
        target.testName(),
        reason);
    return 0;
  }

  private String scope() {
    if (threads == null && iteration == null) {
      return "the whole run";
    }
    if (iteration == null) {
      return "threads " + threads;
    }
    return (threads == null ? "every thread count, " : "threads " + threads + ", ")
        + "iteration "
        + iteration;
  }
}
