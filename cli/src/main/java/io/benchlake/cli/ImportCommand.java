package io.benchlake.cli;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.importers.FormatImporter;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ImportService;
import io.benchlake.importers.Importers;
import io.benchlake.importers.sysbench.SysbenchFormat;
import java.nio.file.Path;
import java.util.List;
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
        "Import sysbench logs, HammerDB outputs, BenchBase result directories, tpcc-mysql"
            + " outputs, TAF comparison reports or event JSON lines into the event log.")
final class ImportCommand implements Callable<Integer> {
  private final BenchlakeHome home;

  ImportCommand(BenchlakeHome home) {
    this.home = home;
  }

  @Parameters(
      index = "0",
      paramLabel = "FORMAT",
      completionCandidates = FormatNames.class,
      description = "One of: ${COMPLETION-CANDIDATES}.")
  String format;

  /** The formats import reads, as the help lists them: every one Importers lists. */
  static final class FormatNames implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return Importers.all().stream().map(FormatImporter::name).iterator();
    }
  }

  @Parameters(
      index = "1..*",
      arity = "1..*",
      paramLabel = "FILE",
      description = "Files (or, with --layout, directories).")
  List<Path> files;

  @Mixin ImportOptions options;

  @Option(names = "--dry-run", description = "Parse and report, publish nothing.")
  boolean dryRun;

  @Mixin BusOptions bus;

  @Override
  public Integer call() {
    ImportRequest request = options.request(format, files);
    ImportService service = new ImportService();
    ImportService.Parsed parsed = service.parse(request, System.err);
    parsed.batches().forEach(b -> System.out.println("  " + b.description()));
    parsed.failures().forEach(f -> System.err.println("benchlake: skipped " + f));
    if (request.startedAt().isEmpty()
        && request.format() instanceof SysbenchFormat
        && request.layout().isEmpty()) {
      System.out.println(
          "  (the run's date is the oldest file modification time: give --started-at to set it)");
    }
    if (dryRun) {
      System.out.printf(
          "dry run: %d events from %d batch(es) not published%n",
          parsed.events(), parsed.batches().size());
    } else if (!parsed.batches().isEmpty()) {
      ImportService.Published published;
      try (EventBus connection = bus.connect(home)) {
        published = service.publish(request.format(), parsed, connection.bootstrap(), home);
      }
      published.notes().forEach(System.out::println);
      if (published.events() == 0) {
        System.out.println("nothing new: 0 events published");
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
}
