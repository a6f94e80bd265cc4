package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.importers.ImportFormat;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ImportService;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** benchlake import FORMAT FILE…: results made elsewhere become the events a live run publishes. */
@Command(
    name = "import",
    mixinStandardHelpOptions = true,
    description =
        "Import sysbench logs, HammerDB outputs, TAF comparison reports or event JSON lines into"
            + " the event log.")
final class ImportCommand implements Callable<Integer> {
  @Parameters(
      index = "0",
      paramLabel = "FORMAT",
      completionCandidates = FormatNames.class,
      description = "One of: ${COMPLETION-CANDIDATES}.")
  String format;

  /** The formats import reads, as the help lists them: every one ImportFormat knows. */
  static final class FormatNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return java.util.Arrays.stream(ImportFormat.values()).map(ImportFormat::cliName).iterator();
    }
  }

  @Parameters(
      index = "1..*",
      arity = "1..*",
      paramLabel = "FILE",
      description = "Files (or, with --layout, directories).")
  List<Path> files;

  @Option(
      names = "--dataset",
      description = "Dataset label of sysbench logs, e.g. 'Mariadb 11.8.3'.")
  String dataset;

  @Option(
      names = "--test",
      description = "Test name, e.g. OLTP_RW (sysbench; overrides a report's).")
  String test;

  @Option(names = "--iteration", description = "Iteration number of a single sysbench log.")
  Integer iteration;

  @Option(
      names = "--server-version",
      description = "Server version the sysbench logs were made against.")
  String serverVersion;

  @Option(
      names = "--started-at",
      description =
          "When the run started (ISO-8601 or yyyy-mm-dd, UTC), for logs that carry no date; "
              + "'mtime': the file's modification time (HammerDB outputs are refused without a date).")
  String startedAt;

  @Option(
      names = "--timezone",
      description =
          "Zone of HammerDB times the files leave open (IST, CST, jobs timestamps without jobid),"
              + " e.g. Asia/Kolkata or +05:30.")
  String timezone;

  @Option(
      names = "--layout",
      description = "Fields from paths, e.g. '{dataset}/{test}/{threads}/{iteration}.log'.")
  String layout;

  @Option(
      names = "--host",
      defaultValue = "unknown",
      description = "Host the results were measured on (default: ${DEFAULT-VALUE}).")
  String host;

  @Option(names = "--dry-run", description = "Parse and report, publish nothing.")
  boolean dryRun;

  @Option(
      names = "--keep-going",
      description = "Skip bad files (reported) instead of stopping; exit 2 if any.")
  boolean keepGoing;

  @Mixin BusOptions bus;

  /** --started-at mtime: date the run by its file's modification time. */
  private static final String MTIME = "mtime";

  @Override
  public Integer call() {
    if (iteration != null && files.size() > 1) {
      throw new BadInputException(
          "--iteration applies to a single log; without it, logs are numbered in the order given");
    }
    ImportRequest request =
        new ImportRequest(
            ImportFormat.parse(format),
            files,
            Optional.ofNullable(dataset),
            Optional.ofNullable(test),
            Optional.ofNullable(iteration),
            Optional.ofNullable(serverVersion),
            Optional.ofNullable(startedAt)
                .filter(t -> !t.equals(MTIME))
                .map(ImportCommand::instant),
            Optional.ofNullable(layout),
            host,
            keepGoing,
            MTIME.equals(startedAt),
            Optional.ofNullable(timezone).map(ImportRequest::zone));
    ImportService service = new ImportService();
    ImportService.Parsed parsed = service.parse(request, System.err);
    parsed.batches().forEach(b -> System.out.println("  " + b.description()));
    parsed.failures().forEach(f -> System.err.println("benchlake: skipped " + f));
    if (request.startedAt().isEmpty()
        && request.format() == ImportFormat.SYSBENCH
        && request.layout().isEmpty()) {
      System.out.println(
          "  (the run's date is the oldest file modification time: give --started-at to set it)");
    }
    if (dryRun) {
      System.out.printf(
          "dry run: %d events from %d batch(es) not published%n",
          parsed.events(), parsed.batches().size());
    } else if (!parsed.batches().isEmpty()) {
      BenchlakeHome home = BenchlakeHome.fromEnvironment();
      ImportService.Published published;
      try (EventBus connection = bus.connect(home)) {
        published = service.publish(request.format(), parsed, connection.bootstrap(), home);
      }
      published.replaced().forEach(System.out::println);
      if (published.events() == 0) {
        System.out.printf(
            "nothing new: 0 events published (%d run(s) read as before)%n",
            published.runsUnchanged());
      } else {
        System.out.printf(
            "published %d new events in one transaction; `benchlake ingest` makes them"
                + " queryable%n",
            published.events());
      }
      if (!published.visible()) {
        System.out.println(
            "Note: another transaction still open on the event log (an import under way) holds"
                + " them back from readers until it ends");
      }
    }
    return parsed.failures().isEmpty() ? 0 : 2;
  }

  private static Instant instant(String text) {
    try {
      return text.length() == 10
          ? LocalDate.parse(text).atStartOfDay().toInstant(ZoneOffset.UTC)
          : Instant.parse(text);
    } catch (DateTimeParseException e) {
      throw new BadInputException(
          "--started-at '" + text + "' is not ISO-8601 (2026-03-11T13:22:25Z) or yyyy-mm-dd");
    }
  }
}
