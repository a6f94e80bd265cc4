package io.benchlake.importers;

import io.benchlake.core.Labels;
import io.benchlake.home.BadInputException;
import io.benchlake.schemas.Alias;
import io.benchlake.schemas.Annotation;
import io.benchlake.schemas.EnvironmentSnapshot;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventKind;
import io.benchlake.schemas.RunStarted;
import java.util.List;
import java.util.Optional;

/**
 * What no importer may publish, checked on every event it made: a time outside {@link TimeBounds},
 * a value no benchmark produces ({@link PlausibleValues}), a name that is no printable one-line
 * label ({@link Labels}). The parsers refuse most of these at the line they read them from; this is
 * the check that nothing else gets through.
 */
public final class EventProblems {
  private EventProblems() {}

  /** The first problem of {@code event}, as "KIND: what", if it has one. */
  public static Optional<String> of(Event event) {
    Optional<String> problem =
        TimeBounds.problem("started_at", event.startedAt())
            .or(() -> TimeBounds.problem("emitted_at", event.emittedAt()))
            .or(() -> PlausibleValues.problem(event))
            .or(() -> label(event));
    return problem.map(p -> EventKind.of(event).kindName() + ": " + p);
  }

  /** The first name in {@code event} that is no printable one-line label (Labels), if any. */
  private static Optional<String> label(Event event) {
    if (event instanceof RunStarted r) {
      return Labels.problem("dataset", r.dataset())
          .or(() -> Labels.problem("test_suite", r.testSuite()))
          .or(() -> Labels.problem("test_name", r.testName()))
          .or(() -> Labels.problem("tag", r.tag()));
    } else if (event instanceof EnvironmentSnapshot e && e.host() != null) {
      return Labels.problem("host.name", e.host().name());
    } else if (event instanceof Alias a) {
      return Labels.problem("from", a.from())
          .or(() -> Labels.problem("to", a.to()))
          .or(() -> Labels.problem("author", a.author()));
    } else if (event instanceof Annotation a) {
      return Labels.problem("reason", a.reason()).or(() -> Labels.problem("author", a.author()));
    }
    return Optional.empty();
  }

  /** Refuses a batch holding an event with a problem, naming its files and the run's dataset. */
  public static void requireNone(ImportBatch batch) {
    for (Event e : batch.events()) {
      Optional<String> problem = of(e);
      if (problem.isPresent()) {
        throw new BadInputException(files(batch.files()) + ": " + problem.get());
      }
    }
  }

  private static String files(List<String> files) {
    return files.size() <= 2
        ? String.join(", ", files)
        : files.get(0) + " (and " + (files.size() - 1) + " more files)";
  }
}
