package io.benchlake.warehouse;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.benchlake.home.BenchlakeHome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The warehouse directory and its commit protocol: an ingest writes into {@code _staging/SEQ/},
 * moves the finished files into the tables, writes {@code _ingest/SEQ.json}, then atomically
 * replaces {@code _ingest/CURRENT}. Readers see only files a committed manifest lists. It alone
 * hands out sequence numbers ({@link #beginIngest}, {@link #beginCompaction}), and a commit whose
 * number is not above the committed one is refused (docs/architecture.md, Warehouse commits).
 */
public final class Warehouse {
  static final ObjectMapper JSON =
      new ObjectMapper()
          .registerModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .enable(SerializationFeature.INDENT_OUTPUT);

  /** How many committed manifests stay in {@code _ingest/} (for looking back; only one is read). */
  static final int MANIFESTS_KEPT = 10;

  private final Path root;
  private final BenchlakeHome home;

  /** The warehouse at {@code root}, of no home said (a reader of it takes the environment's). */
  public Warehouse(Path root) {
    this(root, null);
  }

  private Warehouse(Path root, BenchlakeHome home) {
    this.root = root.toAbsolutePath().normalize();
    this.home = home;
  }

  /**
   * The warehouse of {@code home}, which knows that home (its caches and spill space are there).
   */
  public static Warehouse of(BenchlakeHome home) {
    return new Warehouse(home.warehouse(), home);
  }

  /** The home this warehouse was opened in, when it was opened through {@link #of}. */
  public Optional<BenchlakeHome> home() {
    return Optional.ofNullable(home);
  }

  public Path root() {
    return root;
  }

  Path ingestDir() {
    return root.resolve("_ingest");
  }

  /**
   * The last committed manifest, or an empty one for a new warehouse. A manifest without the {@code
   * CURRENT} that points at it is a damaged warehouse, not an empty one.
   */
  public Manifest current() {
    return commit().manifest();
  }

  /** The last commit: its identity and its manifest, read but not yet parsed. */
  public CurrentCommit commit() {
    return CurrentCommit.read(ingestDir());
  }

  /**
   * The manifest of commit {@code seq} while {@code _ingest/} keeps it (the last {@link
   * #MANIFESTS_KEPT}), or empty: for looking back at what the commits since added. One that does
   * not read (gone, damaged) is empty too; reads serve only from {@link #current()}.
   */
  public Optional<Manifest> manifestAt(long seq) {
    Path file = ingestDir().resolve(seq + ".json");
    try {
      return Optional.of(ManifestReader.read(Files.readAllBytes(file)));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * The identity ({@link CurrentCommit#id()}) of commit {@code seq} while {@code _ingest/} keeps
   * its manifest, or empty: whether something kept at that commit was kept at this warehouse's (a
   * rebuild's commit of the same number has another identity).
   */
  public Optional<String> commitIdAt(long seq) {
    try {
      return Optional.of(
          CurrentCommit.idOf(Files.readAllBytes(ingestDir().resolve(seq + ".json"))));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /**
   * The last committed manifest once every file it lists is there with its committed size (a stat
   * per file): what a read session serves from.
   */
  public Manifest currentChecked() {
    return checked(current());
  }

  /** {@code manifest} once every file it lists is there with its committed size. */
  public Manifest checked(Manifest manifest) {
    CommittedFiles.refuse(CommittedFiles.damage(root, manifest, manifest.allFiles(), false));
    return manifest;
  }

  /**
   * {@code manifest} once every file it lists is there with its committed size, and the content of
   * those {@code checks} does not hold as found whole matches its committed SHA-256 (a read
   * session's first meeting with a file).
   */
  public Manifest checked(Manifest manifest, FirstReadChecks checks) {
    CommittedFiles.refuse(checks.damage(root, manifest));
    return manifest;
  }

  /** The record of first reads of this warehouse, kept under {@code home} (never in it). */
  public FirstReadChecks firstReadChecks(Path home) {
    return FirstReadChecks.in(home.resolve("cache").resolve("checked-files"), root);
  }

  /** Every committed file whose size or content differs from what its manifest recorded. */
  public List<String> damagedFiles() {
    Manifest manifest = current();
    return CommittedFiles.damage(root, manifest, manifest.allFiles(), true);
  }

  /**
   * What {@link #recordChecks()} did: the commit it wrote (0: none was needed), the files it hashed
   * and trusted as they are, and whether the manifest before it carried no checksum.
   */
  public record Recorded(long seq, int filesHashed, boolean manifestSealed) {}

  /**
   * Refuses (exit 6) a current manifest that lacks files' hashes or its own checksum as one written
   * before they were recorded would, when an earlier manifest kept beside it had them: its hashes
   * were removed after its commit ({@link LegacyManifestCheck}).
   */
  public void refuseStrippedManifest() {
    LegacyManifestCheck.refuseStripped(commit(), ingestDir());
  }

  /**
   * Upgrades a warehouse written before files' hashes or manifests' checksums were recorded (whose
   * caller holds its lock): a commit of the same progress whose manifest records the SHA-256 of
   * every file that had none, hashed as it is now and so trusted, and carries its own checksum.
   * Files that are missing or of another size than recorded are refused first (exit 6).
   */
  public Recorded recordChecks() {
    CurrentCommit commit = commit();
    Manifest manifest = commit.manifest();
    if (manifest.seq() == 0) {
      return new Recorded(0, 0, false);
    }
    LegacyManifestCheck.refuseStripped(commit, ingestDir()); // never trust what was stripped
    CommittedFiles.refuse(CommittedFiles.damage(root, manifest, manifest.allFiles(), false));
    Map<String, Manifest.FileFacts> facts = new java.util.TreeMap<>();
    try {
      for (String file : manifest.allFiles()) {
        if (!manifest.facts().containsKey(file)) {
          facts.put(file, CommittedFiles.factsOf(root.resolve(file)));
        }
      }
    } catch (java.nio.file.NoSuchFileException e) {
      CommittedFiles.refuse(List.of(e.getFile() + " (missing)"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot hash the files of " + root, e);
    }
    boolean wasSealed = commit.sealed();
    if (facts.isEmpty() && wasSealed) {
      return new Recorded(0, 0, true);
    }
    long seq = manifest.seq() + 1;
    new IngestTransaction(this, seq, staging(seq), true, 0)
        .commit(manifest.progress(), Set.of(), facts);
    return new Recorded(seq, facts.size(), wasSealed);
  }

  /** Where the commit {@code seq} stages its files. */
  Path staging(long seq) {
    return root.resolve("_staging").resolve(String.valueOf(seq));
  }

  /**
   * Starts the next ingest: removes what an earlier one left uncommitted, and returns the
   * transaction that stages the new files and commits them as the next sequence number.
   */
  public IngestTransaction beginIngest() {
    int leftovers = removeUncommitted();
    long seq = current().seq() + 1;
    return new IngestTransaction(this, seq, staging(seq), true, leftovers);
  }

  /**
   * Starts a compaction (whose caller holds the lock): the next sequence number, staged in a
   * directory of its own, since a follow job may be writing its files beside it; unlike {@link
   * #beginIngest} it removes nothing.
   */
  public IngestTransaction beginCompaction() {
    long seq = current().seq() + 1;
    return new IngestTransaction(
        this, seq, root.resolve("_staging").resolve(seq + "-compaction"), true, 0);
  }

  /** Deletes staging leftovers and table files no committed manifest lists (a crashed ingest). */
  public int removeUncommitted() {
    Manifest manifest = current();
    Set<String> listed = new HashSet<>();
    manifest.files().values().forEach(listed::addAll);
    int removed = 0;
    try {
      deleteTree(root.resolve("_staging"));
      for (WarehouseTable table : WarehouseTable.values()) {
        Path dir = root.resolve(table.dirName());
        if (!Files.isDirectory(dir)) {
          continue;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
          for (Path file : walk.filter(Files::isRegularFile).toList()) {
            if (!listed.contains(root.relativize(file).toString())) {
              Files.delete(file);
              removed++;
            }
          }
        }
      }
      return removed;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clean the warehouse in " + root, e);
    }
  }

  /** Every committed file of a table, as absolute paths. */
  public List<Path> files(WarehouseTable table) {
    return files(current(), table);
  }

  /** The files of a table that {@code manifest} lists, as absolute paths. */
  public List<Path> files(Manifest manifest, WarehouseTable table) {
    return manifest.files(table).stream().map(root::resolve).toList();
  }

  static boolean isDataFile(Path file) {
    String name = file.getFileName().toString();
    return !name.startsWith(".") && !name.startsWith("_");
  }

  static void writeAtomically(Path target, byte[] content) throws IOException {
    Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
    Files.write(tmp, content);
    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
  }

  static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /**
   * Takes the warehouse for one writer: {@code _ingest/LOCK} holds the PID of the process that has
   * it. A second ingest fails at once, naming that process, and changes nothing.
   */
  public AutoCloseable lock() {
    try {
      restoreInterruptedRebuild();
      Files.createDirectories(ingestDir());
      Path file = ingestDir().resolve("LOCK");
      java.nio.channels.FileChannel channel =
          java.nio.channels.FileChannel.open(
              file,
              java.nio.file.StandardOpenOption.CREATE,
              java.nio.file.StandardOpenOption.WRITE,
              java.nio.file.StandardOpenOption.READ);
      java.nio.channels.FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (java.nio.channels.OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        String holder = Files.readString(file, StandardCharsets.UTF_8).trim();
        channel.close();
        throw new io.benchlake.home.BadInputException(
            "the warehouse "
                + root
                + " is being written by another ingest"
                + (holder.isEmpty() ? "" : " (process " + holder + ")"));
      }
      channel.truncate(0);
      channel.write(
          java.nio.ByteBuffer.wrap(
              (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.UTF_8)));
      java.nio.channels.FileLock held = lock;
      return () -> {
        held.release();
        channel.close();
      };
    } catch (java.nio.file.AccessDeniedException e) {
      throw new io.benchlake.home.BadInputException(
          "the warehouse " + root + " is not writable: " + e.getMessage());
    } catch (IOException e) {
      // a read-only mount (EROFS), a file where a directory should be: the environment, one line
      throw new io.benchlake.home.EnvironmentException(
          "cannot lock the warehouse "
              + root
              + " for writing: "
              + (e instanceof java.nio.file.FileSystemException f && f.getReason() != null
                  ? f.getFile() + ": " + f.getReason()
                  : e.toString())
              + " (a read-only mount can be read with sql, report and the other read commands;"
              + " ingest needs it writable)",
          e);
    }
  }

  /**
   * A rebuild moves the old warehouse to {@code NAME.replaced} and the new one from {@code
   * NAME.rebuild} in its place; a process killed between the two leaves no warehouse here, and the
   * old one is put back.
   */
  private void restoreInterruptedRebuild() throws IOException {
    Path replaced = root.resolveSibling(root.getFileName() + ".replaced");
    if (!Files.exists(root) && Files.isDirectory(replaced)) {
      Files.move(replaced, root, StandardCopyOption.ATOMIC_MOVE);
    }
  }

  /** Deletes the whole warehouse directory (a rebuild's unfinished or replaced one). */
  public void delete() {
    try {
      deleteTree(root);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + root, e);
    }
  }

  /** Deletes every table and manifest: what a rebuild from offset 0 starts from. */
  public void clear() {
    try {
      for (WarehouseTable table : WarehouseTable.values()) {
        deleteTree(root.resolve(table.dirName()));
      }
      deleteTree(root.resolve("_staging"));
      try (Stream<Path> files =
          Files.exists(ingestDir()) ? Files.list(ingestDir()) : Stream.empty()) {
        for (Path f : files.filter(p -> !p.getFileName().toString().equals("LOCK")).toList()) {
          Files.delete(f);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clear the warehouse " + root, e);
    }
  }

  public Optional<Long> currentSeq() {
    long seq = current().seq();
    return seq == 0 ? Optional.empty() : Optional.of(seq);
  }
}
