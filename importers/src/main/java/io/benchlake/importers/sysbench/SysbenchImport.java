package io.benchlake.importers.sysbench;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.ImportBatch;
import io.benchlake.importers.ImportFiles;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.LayoutFiles;
import io.benchlake.importers.ParseOutcome;
import io.benchlake.importers.PathLayout;
import io.benchlake.importers.Progress;
import io.benchlake.importers.Sidecar;
import io.benchlake.importers.SourceFile;
import io.benchlake.importers.SourceRef;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The sysbench logs of one import: the run each belongs to (from --layout, a sidecar or the
 * options), parsed on every core, then assembled into runs in the order the logs were given.
 */
final class SysbenchImport {
  private SysbenchImport() {}

  /**
   * One log to read, the run it belongs to, when the path says, its iteration, and what the user
   * imported it as.
   */
  private record LogTask(
      SysbenchRunKey run, Path file, Integer threads, Integer iteration, SourceRef source) {}

  /** A parsed log, or why it could not be parsed. */
  private record LogAttempt(LogTask task, SysbenchLog log, long bytes, BadInputException error) {}

  static ParseOutcome parse(ImportRequest request, PrintStream progressOut) {
    List<LogTask> tasks =
        request.layout().isPresent()
            ? byLayout(request, new PathLayout(request.layout().get()))
            : bySidecar(request);
    List<LogAttempt> attempts;
    try (Progress p = new Progress(progressOut, tasks.size())) {
      attempts =
          tasks.parallelStream()
              .map(t -> attempt(t, request.threads()))
              .map(a -> p.done(a, a.bytes()))
              .toList();
    }
    List<String> failures = new ArrayList<>();
    long bytes = 0;
    Map<SysbenchRunKey, List<SysbenchImporter.Log>> runs = new LinkedHashMap<>();
    LogMapping mapping = new LogMapping();
    Map<String, SourceRef> sourceOf = new java.util.HashMap<>();
    for (LogAttempt a : attempts) {
      if (a.error() != null) {
        failures.add(ImportFiles.failure(request, a.error()));
        continue;
      }
      LogTask t = a.task();
      Optional<BadInputException> wrong =
          LogMapping.contradiction(t.file(), request.threads(), t.threads(), a.log())
              .or(() -> mapping.problem(t.run(), t.file(), t.threads(), t.iteration(), a.log()));
      if (wrong.isPresent()) {
        failures.add(ImportFiles.failure(request, wrong.get()));
        continue;
      }
      bytes += a.bytes();
      sourceOf.put(t.file().toString(), t.source());
      runs.computeIfAbsent(t.run(), k -> new ArrayList<>())
          .add(new SysbenchImporter.Log(a.log(), t.iteration()));
    }
    List<ImportBatch> batches =
        runs.entrySet().parallelStream()
            .map(
                e ->
                    SysbenchImporter.toEvents(
                        e.getValue(),
                        new SysbenchImporter.RunFacts(
                            e.getKey().dataset(),
                            e.getKey().test(),
                            request.serverVersion(),
                            request.host(),
                            e.getKey().startedAt(request.startedAt(), request.timezone()),
                            e.getKey().testbed().isEmpty()
                                ? request.testbed()
                                : Optional.of(e.getKey().testbed()))))
            .map(b -> b.withSources(sourceOf::get))
            .toList();
    return new ParseOutcome(batches, failures, bytes);
  }

  /** Every file under each directory that the layout matches, its run and slot from its path. */
  private static List<LogTask> byLayout(ImportRequest request, PathLayout layout) {
    List<LogTask> tasks = new ArrayList<>();
    for (LayoutFiles.Match match :
        LayoutFiles.find(request, layout, Map.of(), LayoutFiles.Unmatched.SKIPPED).files()) {
      Path file = match.file();
      Map<String, String> f = match.fields();
      String dataset = f.getOrDefault("dataset", request.dataset().orElse(null));
      String test = f.getOrDefault("test", request.test().orElse(null));
      if (dataset == null || test == null) {
        throw new BadInputException(
            "--layout names no "
                + (dataset == null && test == null
                    ? "{dataset} and no {test}: give --dataset and --test"
                    : dataset == null ? "{dataset}: give --dataset" : "{test}: give --test"));
      }
      Integer iteration =
          f.containsKey("iteration") ? parseIteration(file, f.get("iteration")) : null;
      Integer threads =
          f.containsKey("threads") ? LogMapping.threads(file, f.get("threads")) : null;
      tasks.add(
          new LogTask(
              new SysbenchRunKey(
                  dataset, test, f.getOrDefault("date", ""), f.getOrDefault("testbed", "")),
              file,
              threads,
              iteration,
              new SourceRef(file.toString(), match.relative(), dataset, test)));
    }
    return tasks;
  }

  /** Each file given, its run from its sidecar or else the options. */
  private static List<LogTask> bySidecar(ImportRequest request) {
    List<LogTask> tasks = new ArrayList<>();
    for (Path file : request.paths()) {
      ImportFiles.refuseDirectory(
          file,
          request.format().name(),
          ", or --layout PATTERN to read every log under it with its dataset, test and threads"
              + " from its path (e.g. --layout '{dataset}/{test}/{threads}/{iteration}.log')");
      Sidecar side = Sidecar.of(file, request.timezone());
      Optional<String> dataset = side.dataset().or(request::dataset);
      Optional<String> test = side.test().or(request::test);
      if (dataset.isEmpty() || test.isEmpty()) {
        throw missing(dataset.isEmpty(), test.isEmpty(), file);
      }
      String date = side.startedAt().orElse("");
      String given = date.isEmpty() ? request.startedAt().map(Object::toString).orElse("") : date;
      tasks.add(
          new LogTask(
              new SysbenchRunKey(dataset.get(), test.get(), date, side.testbed().orElse("")),
              file,
              null,
              side.iteration().or(request::iteration).orElse(null),
              new SourceRef(
                  file.toString(),
                  (given.isEmpty() ? "" : "started_at=" + given + " ")
                      + SourceRef.fileName(file.toString()),
                  dataset.get(),
                  test.get())));
    }
    return tasks;
  }

  /** Names every option missing at once, not one per attempt. */
  private static BadInputException missing(boolean dataset, boolean test, Path file) {
    String options =
        dataset && test
            ? "--dataset LABEL and --test NAME"
            : dataset ? "--dataset LABEL" : "--test NAME";
    return new BadInputException(
        "import sysbench needs "
            + options
            + " (or --layout, or a sidecar "
            + Sidecar.name(file)
            + ")");
  }

  /** Reads the log of {@code task}, with the thread count its path or --threads gives. */
  private static LogAttempt attempt(LogTask task, Optional<Integer> threadsOption) {
    ThreadsGiven given =
        task.threads() != null
            ? ThreadsGiven.layout(task.threads())
            : threadsOption.map(ThreadsGiven::option).orElse(null);
    try {
      SourceFile source = SourceFile.read(task.file());
      return new LogAttempt(task, SysbenchLogs.read(source, given), Files.size(task.file()), null);
    } catch (BadInputException e) {
      return new LogAttempt(task, null, 0, e);
    } catch (IOException e) {
      return new LogAttempt(
          task, null, 0, new BadInputException(task.file() + ": " + e.getMessage()));
    }
  }

  private static Integer parseIteration(Path file, String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      throw new BadInputException(file + ": {iteration} '" + text + "' is not a whole number");
    }
  }
}
