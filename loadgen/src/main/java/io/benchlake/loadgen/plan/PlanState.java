package io.benchlake.loadgen.plan;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.benchlake.loadgen.run.RunProgress;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a plan has done so far, per dataset: its run id and the (threads, iteration) cells whose
 * events are published. Kept in one JSON file, replaced atomically after every cell, so a rerun of
 * the same plan skips what is done and continues the same runs.
 */
public final class PlanState {
  private static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .enable(SerializationFeature.INDENT_OUTPUT);

  /** One dataset's run. */
  public record DatasetRun(String runId, Instant startedAt, List<String> done) {}

  /** The file's contents. */
  public record State(Map<String, DatasetRun> datasets) {}

  private final Path file;
  private final Map<String, DatasetRun> datasets;

  private PlanState(Path file, Map<String, DatasetRun> datasets) {
    this.file = file;
    this.datasets = datasets;
  }

  /** The state in {@code file}, or a fresh one where there is none (or it is not being kept). */
  public static PlanState at(Optional<Path> file) {
    Map<String, DatasetRun> datasets = new LinkedHashMap<>();
    if (file.isPresent() && Files.exists(file.get())) {
      try {
        datasets.putAll(JSON.readValue(file.get().toFile(), State.class).datasets());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read plan state " + file.get(), e);
      }
    }
    return new PlanState(file.orElse(null), datasets);
  }

  /** The progress of dataset number {@code index} of the plan. */
  public RunProgress progress(int index) {
    String key = String.valueOf(index);
    return new RunProgress() {
      @Override
      public Optional<Resumed> resumes() {
        return Optional.ofNullable(datasets.get(key))
            .map(d -> new Resumed(d.runId(), d.startedAt()));
      }

      @Override
      public boolean done(int threads, int iteration) {
        DatasetRun d = datasets.get(key);
        return d != null && d.done().contains(cell(threads, iteration));
      }

      @Override
      public void completed(String runId, Instant startedAt, int threads, int iteration) {
        DatasetRun d = datasets.get(key);
        List<String> done = new ArrayList<>(d == null ? List.of() : d.done());
        done.add(cell(threads, iteration));
        datasets.put(key, new DatasetRun(runId, startedAt, done));
        save();
      }
    };
  }

  public boolean isEmpty() {
    return datasets.isEmpty();
  }

  private static String cell(int threads, int iteration) {
    return threads + "/" + iteration;
  }

  private synchronized void save() {
    if (file == null) {
      return;
    }
    try {
      Files.createDirectories(file.getParent());
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      JSON.writeValue(tmp.toFile(), new State(datasets));
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write plan state " + file, e);
    }
  }
}
