package io.benchlake.it;

import io.benchlake.ingest.IngestService;
import io.benchlake.warehouse.Warehouse;
import java.nio.file.Path;

/** A batch ingest in a JVM of its own, for a test to kill -9 in the middle of writing. */
public final class IngestChild {
  private IngestChild() {}

  public static void main(String[] args) throws Exception {
    new IngestService(2).ingest(args[0], new Warehouse(Path.of(args[1])));
    System.exit(0);
  }
}
