package io.benchlake.importers;

import io.benchlake.schemas.RunStarted;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What an import says of a run it retracts: what the new reading says otherwise of it. */
public final class RetractionNotes {
  private RetractionNotes() {}

  /**
   * How the new reading ({@code after}, the changed runs' starts) differs from the retracted run
   * {@code before}: its date, its test, or its values.
   */
  static String change(RunStarted before, List<RunStarted> after) {
    if (before == null || after.isEmpty()) {
      return "no longer read from these files";
    }
    RunStarted now =
        after.stream()
            .filter(s -> s.runId().equals(before.runId()))
            .findFirst()
            .or(() -> after.stream().filter(s -> s.dataset().equals(before.dataset())).findFirst())
            .orElse(null);
    if (now == null) {
      return "dataset " + before.dataset() + " no longer read from these files";
    }
    List<String> parts = new ArrayList<>();
    if (!now.startedAt().equals(before.startedAt())) {
      boolean sameDay = day(now.startedAt()).equals(day(before.startedAt()));
      parts.add(
          "started_at "
              + (sameDay ? before.startedAt() : day(before.startedAt()))
              + " -> "
              + (sameDay ? now.startedAt() : day(now.startedAt())));
    }
    if (!Objects.equals(now.testName(), before.testName())) {
      parts.add("test " + before.testName() + " -> " + now.testName());
    }
    if (parts.isEmpty()) {
      parts.add("read differently (values)");
    }
    return String.join(", ", parts);
  }

  /** The notes of several retracted runs, each said once with how many runs it is about. */
  static String summary(List<String> notes) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    notes.forEach(n -> counts.merge(n, 1, Integer::sum));
    List<String> out = new ArrayList<>();
    counts.forEach((note, n) -> out.add(n == 1 || counts.size() == 1 ? note : n + " x " + note));
    return String.join("; ", out);
  }

  private static String day(Instant instant) {
    return instant.atOffset(ZoneOffset.UTC).toLocalDate().toString();
  }
}
