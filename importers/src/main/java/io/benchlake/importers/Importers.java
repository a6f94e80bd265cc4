package io.benchlake.importers;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.benchbase.BenchbaseFormat;
import io.benchlake.importers.events.EventLinesFormat;
import io.benchlake.importers.hammerdb.HammerdbFormat;
import io.benchlake.importers.sysbench.SysbenchFormat;
import io.benchlake.importers.taf.TafReportFormat;
import io.benchlake.importers.tpccmysql.TpccMysqlFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Every format {@code benchlake import} reads: adding a tool is its package and one line here. */
public final class Importers {
  private Importers() {}

  private static final List<FormatImporter> ALL =
      List.of(
          new SysbenchFormat(),
          new HammerdbFormat(),
          new TafReportFormat(),
          new EventLinesFormat(),
          new BenchbaseFormat(),
          new TpccMysqlFormat());

  /** In the order the help lists them. */
  public static List<FormatImporter> all() {
    return ALL;
  }

  /** The importer {@code benchlake import NAME} means; an unknown name is refused listing all. */
  public static FormatImporter named(String name) {
    return ALL.stream()
        .filter(f -> f.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new BadInputException(
                    "unknown import format '"
                        + name
                        + "' (known: "
                        + ALL.stream().map(FormatImporter::name).collect(Collectors.joining(", "))
                        + ")"));
  }

  /** The first importer that recognises {@code file} as its tool's output, if one does. */
  public static Optional<FormatImporter> recognising(SourceFile file) {
    return ALL.stream().filter(f -> f.recognises(file)).findFirst();
  }
}
