package io.benchlake.importers;

import io.benchlake.bus.EventLog;
import io.benchlake.bus.TransactionalPublisher;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.EventHead;
import io.benchlake.schemas.InvalidEventException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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
    ParseOutcome outcome = request.format().parse(request, progress);
    outcome = checked(request, outcome);
    double seconds = (System.nanoTime() - began) / 1e9;
    progress.printf(
        Locale.ROOT,
        "parsed %d file(s), %.1f MB in %.2f s (%.1f MB/s)%n",
        // files, not runs: one hammerdb.log can hold many ladders
        outcome.batches().stream().flatMap(b -> b.files().stream()).distinct().count()
            + outcome.failures().size(),
        outcome.bytes() / 1e6,
        seconds,
        seconds > 0 ? outcome.bytes() / 1e6 / seconds : 0);
    return new Parsed(outcome.batches(), outcome.failures(), outcome.bytes(), seconds);
  }

  /** The batches with no event an importer may not publish; the others fail as their files. */
  private static ParseOutcome checked(ImportRequest request, ParseOutcome outcome) {
    List<ImportBatch> batches = new ArrayList<>();
    List<String> failures = new ArrayList<>(outcome.failures());
    for (ImportBatch b : outcome.batches()) {
      try {
        EventProblems.requireNone(b);
        batches.add(b);
      } catch (BadInputException e) {
        failures.add(ImportFiles.failure(request, e));
      }
    }
    return new ParseOutcome(batches, failures, outcome.bytes());
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
   * What an import published: how many events, what it says of them (the runs it replaced, one line
   * per source; the events already in the log), and how many runs were read as before and so added
   * nothing.
   */
  public record Published(int events, List<String> notes, int runsUnchanged, boolean visible) {}

  /**
   * Publishes the events of {@code events} files that the log does not hold yet: an exported log
   * imported again adds nothing. An id the log holds with other content is published, so that
   * ingest refuses it as the conflict it is (DLQ, exit 4).
   */
  private Published publishNew(Parsed parsed, String bootstrap, BenchlakeHome home) {
    EventCodec codec = new EventCodec();
    Map<String, String> wanted = new LinkedHashMap<>();
    for (ImportBatch b : parsed.batches()) {
      b.events().forEach(e -> wanted.put(e.eventId(), ReadingDigest.of(codec.encode(e))));
    }
    Set<String> held = new HashSet<>();
    EventLog.readAll(
        bootstrap,
        bytes -> {
          EventHead head = EventHead.of(bytes);
          if (head != null
              && wanted.containsKey(head.eventId())
              && (wanted.get(head.eventId()).equals(ReadingDigest.of(bytes))
                  || sameEvent(codec, bytes, wanted.get(head.eventId())))) {
            held.add(head.eventId());
          }
        });
    List<Event> fresh =
        parsed.batches().stream()
            .flatMap(b -> b.events().stream())
            .filter(e -> !held.contains(e.eventId()))
            .toList();
    List<String> notes =
        held.isEmpty()
            ? List.of()
            : List.of(held.size() + " event(s) already in the log, not published again");
    boolean visible = true;
    if (!fresh.isEmpty()) {
      try (TransactionalPublisher publisher = new TransactionalPublisher(bootstrap, home)) {
        visible = publisher.publishAll(fresh);
      }
    }
    return new Published(fresh.size(), notes, 0, visible);
  }

  /** Whether the log's {@code bytes} decode to the event whose encoding has {@code digest}. */
  private static boolean sameEvent(EventCodec codec, byte[] bytes, String digest) {
    try {
      return ReadingDigest.of(codec.encode(codec.decode(bytes))).equals(digest);
    } catch (InvalidEventException e) {
      return false;
    }
  }

  /**
   * Publishes in one transaction what the files add to the log: for the text formats, runs read as
   * before add nothing and runs read differently from files read before replace the earlier ones
   * ({@link Corrections}); {@code events} files are published as they are.
   */
  public Published publish(
      FormatImporter format, Parsed parsed, String bootstrap, BenchlakeHome home) {
    if (!format.readsResults()) {
      return publishNew(parsed, bootstrap, home);
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
    return SourceFile.bytes(Path.of(file));
  }

  private static int lineCount(byte[] bytes) {
    int lines = 1;
    for (byte b : bytes) {
      lines += b == '\n' ? 1 : 0;
    }
    return lines;
  }
}
