import io.benchlake.analytics.AnalyticsSession;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * bench/first-read's measurement: on the warehouse at ROOT (home from -Dbenchlake.home), best of
 * ROUNDS of coreutils sha256sum over every committed file, a read session's first read (no record
 * of checked files: every file hashed) and a later read (the record kept: a stat per file), each
 * opening a session and counting the iterations. Prints one line each and the ratios.
 */
public class FirstReadCost {
  public static void main(String[] args) throws Exception {
    Warehouse warehouse = new Warehouse(Path.of(args[0]));
    int rounds = Integer.parseInt(args[1]);
    Manifest manifest = warehouse.current();
    List<String> files = new ArrayList<>();
    long bytes = 0;
    byte[] buffer = new byte[1 << 20];
    for (String f : manifest.allFiles()) {
      Path p = warehouse.root().resolve(f);
      files.add(p.toString());
      bytes += Files.size(p);
      try (InputStream in = Files.newInputStream(p)) { // into the page cache
        while (in.read(buffer) > 0) {}
      }
    }
    Path record = warehouse.firstReadChecks(BenchlakeHome.fromEnvironment().root()).record();
    double reference = Double.MAX_VALUE;
    double first = Double.MAX_VALUE;
    double later = Double.MAX_VALUE;
    for (int round = 0; round < rounds; round++) {
      reference = Math.min(reference, sha256sum(files));
      Files.deleteIfExists(record);
      first = Math.min(first, read(warehouse));
      if (!Files.exists(record)) {
        throw new IllegalStateException("the first read kept no record at " + record);
      }
      later = Math.min(later, read(warehouse));
    }
    System.out.printf(
        "%-44s %8d files %10.1f MB%n", "committed files", files.size(), bytes / 1048576.0);
    System.out.printf("%-44s %8.3f s%n", "reference: sha256sum over every file", reference);
    System.out.printf("%-44s %8.3f s%n", "first read (every file hashed) + count", first);
    System.out.printf("%-44s %8.3f s%n", "later read (record kept: stats) + count", later);
    System.out.printf(
        "ratio first read / sha256sum: %.2f; first read / later read: %.2f; first-read cost"
            + " %.3f s (%.0f MB/s)%n",
        first / reference,
        first / later,
        first - later,
        bytes / 1048576.0 / Math.max(1e-9, first - later));
  }

  private static double sha256sum(List<String> files) throws Exception {
    List<String> command = new ArrayList<>(List.of("sha256sum"));
    command.addAll(files);
    long t0 = System.nanoTime();
    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("sha256sum failed");
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  private static double read(Warehouse warehouse) throws Exception {
    long t0 = System.nanoTime();
    try (AnalyticsSession s =
            AnalyticsSession.openFor(warehouse, List.of("SELECT count(*) FROM iterations"));
        Statement st = s.connection().createStatement();
        ResultSet rs = st.executeQuery("SELECT count(*) FROM iterations")) {
      rs.next();
      rs.getLong(1);
    }
    return (System.nanoTime() - t0) / 1e9;
  }
}
