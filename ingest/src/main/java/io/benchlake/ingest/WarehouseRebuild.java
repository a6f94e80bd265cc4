package io.benchlake.ingest;

import io.benchlake.home.DiskSpace;
import io.benchlake.home.EnvironmentException;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code ingest --rebuild} without risk to a good warehouse: the new one is written beside it
 * ({@code NAME.rebuild}) and takes its place only once the whole log was read to its end offsets
 * without error, and only when the log holds at least what the current warehouse committed. A log
 * that lost events (a truncated segment shrinks the end offsets; "read to the end" alone would
 * pass) or fails to read (a corrupted segment) leaves the old warehouse as it was.
 */
final class WarehouseRebuild {
  private static final Logger LOG = LoggerFactory.getLogger(WarehouseRebuild.class);

  /**
   * One ingest into a warehouse, from its committed offsets to the log's end; a new warehouse holds
   * the log to the start offsets {@code base}.
   */
  interface Ingest {
    IngestService.Result into(Warehouse warehouse, Map<Integer, Long> base) throws Exception;
  }

  private WarehouseRebuild() {}

  /**
   * Rebuilds {@code warehouse} from the log; the caller holds its lock. With {@code
   * acceptLogStart}, a log whose start rose above where it started is rebuilt from what it holds.
   */
  static IngestService.Result run(
      String bootstrap, Warehouse warehouse, boolean acceptLogStart, Ingest ingest)
      throws Exception {
    Manifest old = committedOrNone(warehouse);
    LogCheck.Found found;
    try {
      found = LogCheck.find(bootstrap, old);
    } catch (EnvironmentException e) {
      throw new EnvironmentException(e.getMessage() + "; the warehouse is kept as it was", e);
    }
    Map<Integer, Long> end = found.end();
    boolean sameLog = old.log() == null || old.log().equals(found.identity());
    Map<Integer, Long> base =
        acceptLogStart ? found.start() : sameLog ? old.logStart() : Map.<Integer, Long>of();
    if (sameLog) {
      try {
        LogCheck.check(old, found, base, bootstrap);
      } catch (EnvironmentException e) {
        throw new EnvironmentException(
            "a rebuild would lose runs: " + e.getMessage() + "; the warehouse is kept as it was");
      }
    } else {
      LogCheck.refuseLostStart(found.start(), base, bootstrap);
    }
    Warehouse beside = new Warehouse(sibling(warehouse.root(), ".rebuild"));
    beside.delete();
    Files.createDirectories(beside.root()); // an empty log commits nothing, and is still a rebuild
    IngestService.Result result;
    try {
      result = ingest.into(beside, base);
      Map<Integer, Long> reached = beside.current().readUpTo();
      Map<Integer, Long> unread = LogCheck.shortOf(end, reached);
      if (!unread.isEmpty()) {
        throw new EnvironmentException(
            "the rebuild did not read the event log to its end (partition: log end → read "
                + LogCheck.describe(unread, end, reached)
                + "); the warehouse is kept as it was");
      }
      Long events = beside.current().events();
      if (sameLog
          && !acceptLogStart
          && old.events() != null
          && events != null
          && events < old.events()) {
        throw new EnvironmentException(
            "the event log holds "
                + events
                + " events below its end offsets, the warehouse committed "
                + old.events()
                + ": it lost events, so a rebuild would lose runs; the warehouse is kept as it was");
      }
    } catch (EnvironmentException e) {
      beside.delete();
      throw e;
    } catch (Exception e) {
      beside.delete();
      DiskSpace.refuseIfFull(e, beside.root());
      throw new EnvironmentException(
          "the rebuild could not read the event log to its end ("
              + IngestFailures.firstLine(e)
              + "); the warehouse is kept as it was",
          e);
    }
    replace(warehouse.root(), beside.root());
    if (acceptLogStart) {
      LOG.warn("accepted the event log's start offsets {} (the events before them are gone)", base);
    }
    LOG.info(
        "rebuilt {} from {} events up to the log's end offsets {}",
        warehouse.root(),
        result.eventsRead(),
        end);
    return result;
  }

  /** The committed manifest, or none when it cannot be read (a damaged warehouse is rebuilt). */
  private static Manifest committedOrNone(Warehouse warehouse) {
    try {
      return warehouse.current();
    } catch (EnvironmentException e) {
      LOG.warn("rebuilding a damaged warehouse: {}", e.getMessage());
      return Manifest.empty();
    }
  }

  /**
   * Puts {@code rebuilt} where {@code root} is: two renames in one directory. A process killed
   * between them leaves {@code NAME.replaced}, which {@link Warehouse#lock} moves back.
   */
  private static void replace(Path root, Path rebuilt) throws IOException {
    Path replaced = sibling(root, ".replaced");
    new Warehouse(replaced).delete();
    if (Files.exists(root)) {
      Files.move(root, replaced, StandardCopyOption.ATOMIC_MOVE);
    }
    Files.move(rebuilt, root, StandardCopyOption.ATOMIC_MOVE);
    new Warehouse(replaced).delete();
  }

  static Path sibling(Path root, String suffix) {
    return root.resolveSibling(root.getFileName() + suffix);
  }
}
