package io.benchlake.importers.sysbench;

import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import io.benchlake.testing.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/** The generation fixtures (fixtures/sysbench-generations/README.md) read, varied and imported. */
final class SysbenchGenerationFixtures {
  private SysbenchGenerationFixtures() {}

  static String text(String name) throws Exception {
    return Files.readString(Fixtures.path("sysbench-generations", name));
  }

  static SourceFile file(String name) {
    return SourceFile.read(Fixtures.path("sysbench-generations", name));
  }

  static SourceFile variant(String name, String text) {
    return SourceFile.of(
        name, text.getBytes(StandardCharsets.UTF_8), Instant.parse("2026-01-05T10:00:00Z"));
  }

  static SysbenchLog read(String name) {
    return SysbenchLogs.read(file(name), null);
  }

  static ImportBatch events(SysbenchLog log, String test) {
    return SysbenchImporter.toEvents(
        List.of(new SysbenchImporter.Log(log, null)),
        new SysbenchImporter.RunFacts(
            "MariaDB 10.6.21",
            test,
            Optional.empty(),
            "bench1",
            Optional.of(Instant.parse("2019-03-01T00:00:00Z")),
            Optional.empty()));
  }

  static IterationFinished finished(ImportBatch b) {
    return b.events().stream()
        .filter(e -> e instanceof IterationFinished)
        .map(e -> (IterationFinished) e)
        .findFirst()
        .orElseThrow();
  }

  /** Metric → value, in the order published. */
  static Map<String, Double> values(ImportBatch b) {
    return finished(b).values().stream()
        .collect(
            Collectors.toMap(
                IterationValue::metric,
                IterationValue::value,
                (x, y) -> x,
                java.util.LinkedHashMap::new));
  }

  static List<Sample> samples(ImportBatch b) {
    return b.events().stream().filter(e -> e instanceof Sample).map(e -> (Sample) e).toList();
  }

  static RunStarted started(ImportBatch b) {
    return (RunStarted) b.events().stream().filter(e -> e instanceof RunStarted).findFirst().get();
  }

  /** A run property's value, or null. */
  static String property(ImportBatch b, String name) {
    return started(b).properties().stream()
        .filter(p -> p.name().equals(name))
        .map(p -> p.value())
        .findFirst()
        .orElse(null);
  }
}
