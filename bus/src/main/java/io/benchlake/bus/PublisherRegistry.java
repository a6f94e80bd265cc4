package io.benchlake.bus;

import io.benchlake.home.BenchlakeHome;
import io.benchlake.schemas.EventIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transactional ids of a home's publishers, one file each in {@code $BENCHLAKE_HOME/publishers}
 * holding its process's PID and locked by that process while it lives (the operating system drops
 * the lock however the process ends). A publisher killed inside a transaction holds back every
 * reader until the transaction times out; a producer started with its id aborts that transaction at
 * once (it is "fenced"), so each new publisher, and each ingest, fences the ids whose files are no
 * longer locked. Ids of live publishers are locked, and left alone.
 */
public final class PublisherRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(PublisherRegistry.class);
  private static final String PREFIX = "benchlake-import-";

  private PublisherRegistry() {}

  /** Where a home keeps its publishers' ids. */
  public static Path dir(BenchlakeHome home) {
    return home.root().resolve("publishers");
  }

  /** A live publisher's registration: its id, locked until {@link #close}. */
  public static final class Registration implements AutoCloseable {
    private final String id;
    private final Path file;
    private final FileChannel channel;

    private Registration(String id, Path file, FileChannel channel) {
      this.id = id;
      this.file = file;
      this.channel = channel;
    }

    public String transactionalId() {
      return id;
    }

    /** The publisher ended cleanly: nothing of it is left to fence. */
    @Override
    public void close() {
      try {
        Files.deleteIfExists(file);
        channel.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Registers a new transactional id for this process in {@code dir}: written and locked under a
   * temporary name first, so that no other process sees it unlocked and takes it for dead.
   */
  public static Registration register(Path dir) {
    String id = PREFIX + EventIds.random();
    try {
      Files.createDirectories(dir);
      Path tmp = dir.resolve(id + ".tmp");
      FileChannel channel =
          FileChannel.open(
              tmp,
              StandardOpenOption.CREATE_NEW,
              StandardOpenOption.WRITE,
              StandardOpenOption.READ);
      channel.lock();
      channel.write(StandardCharsets.UTF_8.encode(ProcessHandle.current().pid() + "\n"));
      channel.force(true);
      Path file = dir.resolve(id);
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
      return new Registration(id, file, channel);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot register a publisher in " + dir, e);
    }
  }

  /**
   * Fences the transactional id of every publisher of {@code dir} whose process is gone, on the
   * cluster at {@code bootstrap}, and forgets it; returns the ids fenced.
   */
  public static List<String> fenceDead(Path dir, String bootstrap) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<Path> files;
    try (Stream<Path> all = Files.list(dir)) {
      files =
          all.filter(p -> p.getFileName().toString().startsWith(PREFIX))
              .filter(p -> !p.getFileName().toString().endsWith(".tmp"))
              .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> fenced = new java.util.ArrayList<>();
    for (Path file : files) {
      if (fenceIfDead(file, bootstrap)) {
        fenced.add(file.getFileName().toString());
      }
    }
    return fenced;
  }

  private static boolean fenceIfDead(Path file, String bootstrap) {
    try (FileChannel channel =
        FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.READ)) {
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        return false; // a publisher of this process
      }
      if (lock == null) {
        return false; // its process lives
      }
      String id = file.getFileName().toString();
      String pid = Files.readString(file, StandardCharsets.UTF_8).strip();
      fence(id, bootstrap);
      LOG.info("fenced the transactional id {} of process {}, which ended", id, pid);
      Files.deleteIfExists(file);
      return true;
    } catch (java.nio.file.NoSuchFileException e) {
      return false; // another process fenced it, or it ended cleanly, just now
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A producer initialised with {@code id} aborts the transaction its last holder left open. */
  private static void fence(String id, String bootstrap) {
    try (KafkaProducer<String, byte[]> producer =
        new KafkaProducer<>(
            EventPublisher.checkedProducer(
                bootstrap, Map.of(ProducerConfig.TRANSACTIONAL_ID_CONFIG, id)),
            new StringSerializer(),
            new ByteArraySerializer())) {
      producer.initTransactions();
    } catch (KafkaException e) {
      throw new BusException(
          "cannot fence the transaction of a publisher that ended (" + id + "): " + e.getMessage(),
          e);
    }
  }
}
