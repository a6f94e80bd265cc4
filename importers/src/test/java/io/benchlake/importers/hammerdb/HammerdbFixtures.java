package io.benchlake.importers.hammerdb;

import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.SourceFile;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Property;
import io.benchlake.schemas.RunStarted;
import io.benchlake.schemas.Sample;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the HammerDB fixtures (test resources hammerdb/) the way an import does. */
final class HammerdbFixtures {
  private HammerdbFixtures() {}

  static final HammerdbImporter.RunFacts FACTS = facts(Optional.empty(), false, Optional.empty());

  /** For outputs that name no server version (before v4.11): the user gives the dataset. */
  static final HammerdbImporter.RunFacts LABELLED =
      new HammerdbImporter.RunFacts(
          Optional.of("MariaDB 10.6"),
          "TPROC-C",
          Optional.empty(),
          "bench1",
          Optional.empty(),
          false,
          Optional.empty(),
          false,
          Optional.empty());

  static List<ImportBatch> importLabelled(String... names) {
    return importWith(LABELLED, names);
  }

  static HammerdbImporter.RunFacts facts(
      Optional<Instant> startedAt, boolean mtime, Optional<ZoneId> timezone) {
    return new HammerdbImporter.RunFacts(
        Optional.empty(),
        "TPROC-C",
        Optional.empty(),
        "bench1",
        startedAt,
        mtime,
        timezone,
        false,
        Optional.empty());
  }

  static SourceFile resource(String name) {
    try {
      return SourceFile.read(
          Path.of(HammerdbFixtures.class.getResource("/hammerdb/" + name).toURI()));
    } catch (java.net.URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  static SourceFile text(String name, String text) {
    return SourceFile.of(
        name, text.getBytes(StandardCharsets.UTF_8), Instant.parse("2026-12-01T10:00:00Z"));
  }

  static List<ImportBatch> importOf(String... names) {
    return importWith(FACTS, names);
  }

  static List<ImportBatch> importWith(HammerdbImporter.RunFacts facts, String... names) {
    List<SourceFile> files = new ArrayList<>();
    for (String n : names) {
      files.add(resource(n));
    }
    return importFiles(facts, files);
  }

  static List<ImportBatch> importFiles(HammerdbImporter.RunFacts facts, List<SourceFile> files) {
    return HammerdbImport.batches(files.stream().map(HammerdbParser::read).toList(), facts);
  }

  static ImportBatch only(List<ImportBatch> batches) {
    if (batches.size() != 1) {
      throw new AssertionError("expected one run, got " + batches.size());
    }
    return batches.get(0);
  }

  static RunStarted run(ImportBatch b) {
    return (RunStarted) b.events().get(0);
  }

  static List<IterationFinished> iterations(ImportBatch b) {
    return b.events().stream()
        .filter(e -> e instanceof IterationFinished)
        .map(e -> (IterationFinished) e)
        .toList();
  }

  static List<Sample> samples(ImportBatch b) {
    return b.events().stream().filter(e -> e instanceof Sample).map(e -> (Sample) e).toList();
  }

  static <T extends Event> T one(ImportBatch b, Class<T> kind) {
    return b.events().stream().filter(kind::isInstance).map(kind::cast).findFirst().orElseThrow();
  }

  static double value(IterationFinished f, String metric) {
    return f.values().stream()
        .filter(v -> v.metric().equals(metric))
        .mapToDouble(IterationValue::value)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no " + metric + " in " + f.values()));
  }

  static Optional<String> property(ImportBatch b, String name) {
    return run(b).properties().stream()
        .filter(p -> p.name().equals(name))
        .map(Property::value)
        .findFirst();
  }
}
