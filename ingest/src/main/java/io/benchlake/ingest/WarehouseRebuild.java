package io.benchlake.ingest;

import io.benchlake.bus.EventLog;
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

  /** One ingest into a warehouse, from its committed offsets to the log's end. */
  interface Ingest {
    IngestService.Result into(Warehouse warehouse) throws Exception;
  }

  private WarehouseRebuild() {}

  /** Rebuilds {@code warehouse} from the log; the caller holds its lock. */
  static IngestService.Result run(String bootstrap, Warehouse warehouse, Ingest ingest)
      throws Exception {
    Manifest old = committedOrNone(warehouse);
    Map<Integer, Long> end = EventLog.endOffsets(bootstrap);
    Manifest.LogIdentity log = LogCheck.identity(bootstrap);
    boolean sameLog = old.log() == null || old.log().equals(log);
    if (sameLog) {
      Map<Integer, Long> short_ = LogCheck.shortOf(old.readUpTo(), end);
      if (!short_.isEmpty()) {
        throw new EnvironmentException(
            "the event log ends before what the warehouse committed (partition: committed → log"
                + " end "
                + LogCheck.describe(short_, old.readUpTo(), end)
                + "): it lost events, so a rebuild would lose runs; the warehouse is kept as it"
                + " was");
      }
    }
    Warehouse beside = new Warehouse(sibling(warehouse.root(), ".rebuild"));
    beside.delete();
    Files.createDirectories(beside.root()); // an empty log commits nothing, and is still a rebuild
    IngestService.Result result;
    try {
      result = ingest.into(beside);
      Map<Integer, Long> reached = beside.current().readUpTo();
      Map<Integer, Long> unread = LogCheck.shortOf(end, reached);
      if (!unread.isEmpty()) {
        throw new EnvironmentException(
            "the rebuild did not read the event log to its end (partition: log end → read "
                + LogCheck.describe(unread, end, reached)
                + "); the warehouse is kept as it was");
      }
      Long events = beside.current().events();
      if (sameLog && old.events() != null && events != null && events < old.events()) {
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
