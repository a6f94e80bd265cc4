package io.benchlake.importers;

import io.benchlake.bus.TransactionalPublisher;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.EventCodec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Imports results made elsewhere: every file is parsed whole before anything is published, and what
 * is published goes in one Kafka transaction. Event ids follow from file content, so importing the
 * same file twice adds nothing.
 */
public final class ImportService {
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(ImportService.class);

  /** The parsed batches and the files that failed (each as one line: file:line: what). */
  public record Parsed(
      List<ImportBatch> batches, List<String> failures, long bytes, double seconds) {
    public int events() {
      return batches.stream().mapToInt(b -> b.events().size()).sum();
    }
  }

  public Parsed parse(ImportRequest request, PrintStream progress) {
    long began = System.nanoTime();
    List<ImportBatch> batches = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    long[] bytes = {0};
    switch (request.format()) {
      case SYSBENCH -> parseSysbench(request, batches, failures, bytes, progress);
      case HAMMERDB -> parseHammerdb(request, batches, failures, bytes);
      case TAF_REPORT ->
          eachFile(
              request,
              failures,
              bytes,
              f ->
                  batches.add(
                      TafReportImporter.toEvents(
                          TafReportParser.parse(f), request.startedAt(), request.test())));
      case EVENTS -> {
        EventCodec codec = new EventCodec(); // loads the JSON Schemas: only when they are needed
        eachFile(request, failures, bytes, f -> batches.add(EventLinesImporter.toEvents(f, codec)));
      }
    }
    double seconds = (System.nanoTime() - began) / 1e9;
    progress.printf(
        Locale.ROOT,
        "parsed %d file(s), %.1f MB in %.2f s (%.1f MB/s)%n",
        batches.stream().mapToInt(b -> b.files().size()).sum() + failures.size(),
        bytes[0] / 1e6,
        seconds,
        seconds > 0 ? bytes[0] / 1e6 / seconds : 0);
    return new Parsed(batches, failures, bytes[0], seconds);
  }

  /**
   * Publishes every batch in one transaction; returns whether readers see them yet (another
   * publisher's open transaction holds them back until it ends).
   */
  public boolean publish(Parsed parsed, String bootstrap, BenchlakeHome home) {
    try (TransactionalPublisher publisher = new TransactionalPublisher(bootstrap, home)) {
      return publisher.publishAll(
          parsed.batches().stream().flatMap(b -> b.events().stream()).toList());
    }
  }

  /**
   * What an import published: how many events, the runs it replaced (one line per set of files),
   * and how many runs were read as before and so added nothing.
   */
  public record Published(int events, List<String> replaced, int runsUnchanged, boolean visible) {}

  /**
   * Publishes in one transaction what the files add to the log: for the text formats, runs read as
   * before add nothing and runs read differently from files read before replace the earlier ones
   * ({@link Corrections}); {@code events} files are published as they are.
   */
  public Published publish(
      ImportFormat format, Parsed parsed, String bootstrap, BenchlakeHome home) {
    if (format == ImportFormat.EVENTS) {
      boolean visible = publish(parsed, bootstrap, home);
      return new Published(parsed.events(), List.of(), 0, visible);
    }
    Map<String, String> digests = new LinkedHashMap<>();
    Map<String, Integer> lines = new LinkedHashMap<>();
    Set<String> ids = new HashSet<>();
    for (ImportBatch b : parsed.batches()) {
      for (String f : b.files()) {
        if (!digests.containsKey(f)) {
          byte[] bytes = read(f);
          digests.put(f, ReadingDigest.of(bytes));
          lines.put(f, lineCount(bytes));
        }
      }
      b.events().forEach(e -> ids.add(e.eventId()));
    }
    long began = System.nanoTime();
    EarlierReadings earlier = EarlierReadings.fromLog(bootstrap, ids);
    LOG.info(
        "read what earlier imports published ({} runs) in {} ms",
        earlier.runs().size(),
        (System.nanoTime() - began) / 1_000_000);
    Corrections.Plan plan =
        new Corrections(format).plan(parsed.batches(), digests, lines, earlier, Instant.now());
    boolean visible = true;
    if (!plan.events().isEmpty()) {
      try (TransactionalPublisher publisher = new TransactionalPublisher(bootstrap, home)) {
        visible = publisher.publishAll(plan.events());
      }
    }
    return new Published(plan.events().size(), plan.replaced(), plan.runsUnchanged(), visible);
  }

  private static byte[] read(String file) {
    try {
      return Files.readAllBytes(Path.of(file));
    } catch (IOException e) {
      throw new BadInputException(file + ": cannot read: " + e.getMessage());
    }
  }

  private static int lineCount(byte[] bytes) {
    int lines = 1;
    for (byte b : bytes) {
      lines += b == '\n' ? 1 : 0;
    }
    return lines;
  }

  private interface FileHandler {
    void handle(SourceFile file);
  }

  private void eachFile(
      ImportRequest request, List<String> failures, long[] bytes, FileHandler handler) {
    eachFile(request, request.paths(), failures, bytes, handler);
  }

  private void eachFile(
      ImportRequest request,
      List<Path> paths,
      List<String> failures,
      long[] bytes,
      FileHandler handler) {
    for (Path path : paths) {
      try {
        SourceFile file = SourceFile.read(path);
        bytes[0] += Files.size(path);
        handler.handle(file);
      } catch (BadInputException e) {
        fail(request, failures, e);
      } catch (IOException e) {
        fail(request, failures, new BadInputException(path + ": " + e.getMessage()));
      }
    }
  }

  private static void fail(ImportRequest request, List<String> failures, BadInputException e) {
    if (!request.keepGoing()) {
      throw e;
    }
    failures.add(e.getMessage());
  }

  /**
   * The files of one HammerDB import, read one by one, then grouped into the runs they tell of
   * (HammerdbImport, docs/import.md).
   */
  private void parseHammerdb(
      ImportRequest request, List<ImportBatch> batches, List<String> failures, long[] bytes) {
    List<HammerdbFile> files = new ArrayList<>();
    // a directory given is the outputs of a session: every file in it, in name order
    List<Path> paths =
        request.paths().stream()
            .flatMap(p -> Files.isDirectory(p) ? walk(p).stream() : Stream.of(p))
            .toList();
    eachFile(request, paths, failures, bytes, f -> files.add(HammerdbParser.read(f)));
    if (files.isEmpty()) {
      return;
    }
    try {
      batches.addAll(
          HammerdbImport.batches(
              files,
              new HammerdbImporter.RunFacts(
                  request.dataset(),
                  request.test().orElse("TPROC-C"),
                  request.serverVersion(),
                  request.host(),
                  request.startedAt(),
                  request.startedAtFromFileTime(),
                  request.timezone())));
    } catch (BadInputException e) {
      fail(request, failures, e);
    }
  }

  /** One log to read, the run it belongs to and, when the path says, its iteration. */
  private record LogTask(List<String> run, Path file, Integer threads, Integer iteration) {}

  /** A parsed log, or why it could not be parsed. */
  private record LogAttempt(LogTask task, SysbenchLog log, long bytes, BadInputException error) {}

  private void parseSysbench(
      ImportRequest request,
      List<ImportBatch> batches,
      List<String> failures,
      long[] bytes,
      PrintStream progressOut) {
    List<LogTask> tasks = new ArrayList<>();
    if (request.layout().isPresent()) {
      PathLayout layout = new PathLayout(request.layout().get());
      for (Path root : request.paths()) {
        for (Path file : walk(root)) {
          Optional<Map<String, String>> fields = layout.fields(root.relativize(file).toString());
          if (fields.isEmpty()) {
            continue;
          }
          Map<String, String> f = fields.get();
          String dataset = f.getOrDefault("dataset", request.dataset().orElse(null));
          String test = f.getOrDefault("test", request.test().orElse(null));
          if (dataset == null || test == null) {
            throw new BadInputException(
                "--layout names no {dataset} or {test}: give --dataset and --test");
          }
          Integer iteration =
              f.containsKey("iteration") ? parseIteration(file, f.get("iteration")) : null;
          Integer threads =
              f.containsKey("threads") ? LogMapping.threads(file, f.get("threads")) : null;
          tasks.add(
              new LogTask(
                  List.of(dataset, test, f.getOrDefault("date", "")), file, threads, iteration));
        }
      }
    } else {
      for (Path file : request.paths()) {
        Sidecar side = Sidecar.of(file);
        String dataset =
            side.dataset()
                .or(request::dataset)
                .orElseThrow(
                    () ->
                        new BadInputException(
                            "import sysbench needs --dataset LABEL (or --layout, or a sidecar "
                                + Sidecar.name(file)
                                + ")"));
        String test =
            side.test()
                .or(request::test)
                .orElseThrow(
                    () ->
                        new BadInputException(
                            "import sysbench needs --test NAME (or --layout, or a sidecar "
                                + Sidecar.name(file)
                                + ")"));
        tasks.add(
            new LogTask(
                List.of(dataset, test, side.startedAt().orElse("")),
                file,
                null,
                side.iteration().or(request::iteration).orElse(null)));
      }
    }
    // Logs are parsed on every core; the runs are then assembled in the order the logs were given.
    List<LogAttempt> attempts;
    try (Progress p = new Progress(progressOut, tasks.size())) {
      attempts =
          tasks.parallelStream()
              .map(ImportService::attempt)
              .map(a -> p.done(a, a.bytes()))
              .toList();
    }
    Map<List<String>, List<SysbenchImporter.Log>> runs = new LinkedHashMap<>();
    LogMapping mapping = new LogMapping();
    for (LogAttempt a : attempts) {
      if (a.error() != null) {
        fail(request, failures, a.error());
        continue;
      }
      LogTask t = a.task();
      Optional<BadInputException> wrong =
          mapping.problem(t.run(), t.file(), t.threads(), t.iteration(), a.log());
      if (wrong.isPresent()) {
        fail(request, failures, wrong.get());
        continue;
      }
      bytes[0] += a.bytes();
      runs.computeIfAbsent(a.task().run(), k -> new ArrayList<>())
          .add(new SysbenchImporter.Log(a.log(), a.task().iteration()));
    }
    batches.addAll(
        runs.entrySet().parallelStream()
            .map(
                e -> {
                  Optional<Instant> date =
                      e.getKey().get(2).isEmpty()
                          ? request.startedAt()
                          : Optional.of(when(e.getKey().get(2)));
                  return SysbenchImporter.toEvents(
                      e.getValue(),
                      new SysbenchImporter.RunFacts(
                          e.getKey().get(0),
                          e.getKey().get(1),
                          request.serverVersion(),
                          request.host(),
                          date));
                })
            .toList());
  }

  private static LogAttempt attempt(LogTask task) {
    try {
      SourceFile source = SourceFile.read(task.file());
      return new LogAttempt(task, SysbenchLogParser.parse(source), Files.size(task.file()), null);
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

  /** A {date} field or a sidecar's started_at: yyyy-mm-dd or an ISO-8601 instant. */
  private static Instant when(String text) {
    if (text.length() > 10) {
      try {
        return Instant.parse(text);
      } catch (DateTimeParseException e) {
        throw new BadInputException(
            "started_at '" + text + "' is not ISO-8601 (2026-03-11T13:22:25Z)");
      }
    }
    return date(text);
  }

  private static Instant date(String text) {
    try {
      return LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC);
    } catch (DateTimeParseException e) {
      throw new BadInputException("{date} '" + text + "' is not yyyy-mm-dd");
    }
  }

  private static List<Path> walk(Path root) {
    if (!Files.isDirectory(root)) {
      throw new BadInputException(
          root + ": with --layout, give the directory the layout starts from");
    }
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).sorted().toList();
    } catch (IOException e) {
      throw new BadInputException(root + ": " + e.getMessage());
    }
  }
}
