package io.benchlake.analytics.changes;

import io.benchlake.analytics.report.LeftOut;
import io.benchlake.home.BenchlakeHome;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The histories `changes` read, one file per series under a directory per warehouse commit ({@code
 * cache/changes/COMMIT/}), so that asking again at the same commit needs no DuckDB session: the JVM
 * reads a few kB instead of starting DuckDB and binding views over every Parquet footer. A commit's
 * identity is the SHA-256 of its manifest ({@link io.benchlake.warehouse.CurrentCommit}), which
 * every ingest, annotation, alias or rebuild changes, so an entry is never read at another commit:
 * never a stale answer. An entry also names the build of this module (the views and queries that
 * computed it), and a file of another build, another series or a damaged one is a miss. Values are
 * kept as their IEEE bits, so a cached history gives the same numbers to the last bit. Writing is
 * best effort: a home that cannot be written costs the next command the session, nothing else. An
 * ingest keeps every series' history at its commit in one more file ({@link HistoryRefresh}, {@link
 * CommitHistories}), so that the first `changes` of any series after it needs no session either.
 */
public final class HistoryCache {
  private static final int FORMAT = 3;

  private final Path dir;
  private final String build;

  /** A cache under {@code dir} for histories computed by this build. */
  public HistoryCache(Path dir) {
    this(dir, thisBuild());
  }

  HistoryCache(Path dir, String build) {
    this.dir = dir;
    this.build = build;
  }

  /** A cache in {@code home}'s {@code cache/changes}, where `changes` and the ingests keep it. */
  public static HistoryCache in(BenchlakeHome home) {
    return new HistoryCache(home.root().resolve("cache").resolve("changes"));
  }

  /**
   * The history of {@code series} at {@code commit}, when an earlier command kept it, or the ingest
   * that made the commit kept every series ({@link #storeEvery}).
   */
  public Optional<ChangesQuery.History> find(String commit, ChangesQuery.Series series) {
    Optional<ChangesQuery.History> kept = findKept(commit, series);
    if (kept.isPresent()) {
      return kept;
    }
    try {
      return CommitHistories.find(everySeriesFile(commit), build, commit, series);
    } catch (IOException | RuntimeException e) {
      // cut short or garbled (a full disk, a hand edit): a miss, read by a session
      return Optional.empty();
    }
  }

  private Optional<ChangesQuery.History> findKept(String commit, ChangesQuery.Series series) {
    try (DataInputStream in =
        new DataInputStream(new BufferedInputStream(Files.newInputStream(file(commit, series))))) {
      if (in.readInt() != FORMAT
          || !build.equals(in.readUTF())
          || !commit.equals(in.readUTF())
          || !series.equals(readSeries(in))) {
        return Optional.empty();
      }
      return Optional.of(readHistory(in));
    } catch (IOException | RuntimeException e) {
      // none yet, or a file cut short or garbled (a full disk, a hand edit): a miss
      return Optional.empty();
    }
  }

  /** Whether every series was kept at {@code commit} by this build. */
  public boolean hasEvery(String commit) {
    return CommitHistories.isFor(everySeriesFile(commit), build, commit);
  }

  /** What writes every series' histories at a commit. */
  interface EveryWriting {
    void write(CommitHistories.Writer out) throws IOException;
  }

  /**
   * Keeps every series' histories at {@code commit}, as {@code writing} writes them: written whole
   * or not at all (an exception leaves no file and is thrown), and the entries of other commits
   * dropped. Nothing is kept when the warehouse's {@code current} commit is another: it moved on
   * while they were read, and dropping the others would drop the entries of the newer commit.
   * Returns the file's size in bytes and the series written.
   */
  Kept storeEvery(String commit, String current, EveryWriting writing) throws IOException {
    if (!commit.equals(current)) {
      return new Kept(0, 0);
    }
    Path target = everySeriesFile(commit);
    Files.createDirectories(target.getParent());
    Path partial = Files.createTempFile(target.getParent(), ".every", ".partial");
    int series;
    try (CommitHistories.Writer out =
        new CommitHistories.Writer(Files.newOutputStream(partial), build, commit)) {
      writing.write(out);
      series = out.series();
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(partial);
      throw e;
    }
    long bytes = Files.size(partial);
    onDisk(partial);
    Files.move(
        partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    dropOtherCommits(commit);
    return new Kept(series, bytes);
  }

  /**
   * The file's bytes on the disk before it is renamed into place: after a crash the name gives a
   * whole file or none (a whole header over a body cut short would read as kept for good).
   */
  private static void onDisk(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.force(true);
    }
  }

  /** What {@link #storeEvery} kept: how many series, in a file of how many bytes. */
  public record Kept(int series, long bytes) {}

  private Path everySeriesFile(String commit) {
    return dir.resolve(commit).resolve("every-series.histories");
  }

  /**
   * Keeps {@code history} as the one of {@code series} at {@code commit}, written whole or not at
   * all, and drops the entries of other commits (they can no longer be asked for). Nothing is kept
   * when the warehouse's {@code current} commit is another (see {@link #storeEvery}).
   */
  public void store(
      String commit, String current, ChangesQuery.Series series, ChangesQuery.History history) {
    if (!commit.equals(current)) {
      return;
    }
    Path target = file(commit, series);
    try {
      Files.createDirectories(target.getParent());
      Path partial = Files.createTempFile(target.getParent(), ".history", ".partial");
      try (DataOutputStream out =
          new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(partial)))) {
        out.writeInt(FORMAT);
        out.writeUTF(build);
        out.writeUTF(commit);
        writeSeries(out, series);
        writeHistory(out, history);
      } catch (IOException | RuntimeException e) {
        Files.deleteIfExists(partial);
        throw e;
      }
      Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
      dropOtherCommits(commit);
    } catch (IOException e) {
      // best effort (read-only or full home): the answer was computed and is printed all the same
    }
  }

  private void dropOtherCommits(String commit) {
    List<Path> others;
    try (Stream<Path> commits = Files.list(dir)) {
      others = commits.filter(d -> !d.getFileName().toString().equals(commit)).toList();
    } catch (IOException e) {
      return; // the cache's directory went away: nothing to drop
    }
    for (Path other : others) {
      try (Stream<Path> files = Files.list(other)) {
        for (Path f : files.filter(HistoryCache::notBeingWritten).toList()) {
          Files.deleteIfExists(f);
        }
        Files.deleteIfExists(other);
      } catch (IOException e) {
        // another command dropping the same entries, or still writing there: left to a later drop
      }
    }
  }

  /**
   * Whether a file may be dropped: a partial one is another command's, still being written, unless
   * it is older than any write takes (then its writer ended without cleaning up).
   */
  private static boolean notBeingWritten(Path f) {
    if (!f.getFileName().toString().endsWith(".partial")) {
      return true;
    }
    try {
      return Files.getLastModifiedTime(f).toInstant().isBefore(Instant.now().minus(ABANDONED));
    } catch (IOException gone) {
      return false;
    }
  }

  /** A partial file this old was left by a command that ended while writing it. */
  private static final Duration ABANDONED = Duration.ofHours(1);

  private Path file(String commit, ChangesQuery.Series series) {
    return dir.resolve(commit).resolve(sha256(build + "\n" + key(series)) + ".bin");
  }

  /** The series as text: every field that selects the runs, each on its own line. */
  private static String key(ChangesQuery.Series s) {
    return String.join(
        "\n",
        s.test(),
        String.valueOf(s.threads()),
        s.metric(),
        s.by(),
        s.host().map(h -> "host " + h).orElse("any host"));
  }

  private static void writeSeries(DataOutputStream out, ChangesQuery.Series s) throws IOException {
    writeString(out, s.test());
    out.writeInt(s.threads());
    writeString(out, s.metric());
    writeString(out, s.by());
    writeString(out, s.host().orElse(null));
  }

  private static ChangesQuery.Series readSeries(DataInputStream in) throws IOException {
    return new ChangesQuery.Series(
        readString(in),
        in.readInt(),
        readString(in),
        readString(in),
        Optional.ofNullable(readString(in)));
  }

  private static void writeHistory(DataOutputStream out, ChangesQuery.History h)
      throws IOException {
    writeString(out, h.test());
    writeString(out, h.host());
    out.writeInt(h.runs().size());
    for (ChangesQuery.Run run : h.runs()) {
      HistoryCodec.writeRunHead(out, run);
      HistoryCodec.writeValues(out, run.values());
    }
    out.writeInt(h.leftOut().size());
    for (LeftOut l : h.leftOut()) {
      HistoryCodec.writeLeftOut(out, l);
    }
  }

  private static ChangesQuery.History readHistory(DataInputStream in) throws IOException {
    String test = readString(in);
    String host = readString(in);
    int n = HistoryCodec.count(in);
    List<ChangesQuery.Run> runs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      runs.add(readRun(in));
    }
    int left = HistoryCodec.count(in);
    List<LeftOut> leftOut = new ArrayList<>(left);
    for (int i = 0; i < left; i++) {
      leftOut.add(HistoryCodec.readLeftOut(in));
    }
    if (in.read() != -1) {
      throw new IOException("more than one history in the file");
    }
    return new ChangesQuery.History(test, host, List.copyOf(runs), List.copyOf(leftOut));
  }

  /** The head, then the values, as {@link #writeHistory} wrote them. */
  private static ChangesQuery.Run readRun(DataInputStream in) throws IOException {
    return HistoryCodec.readRunHead(in, null).withValues(HistoryCodec.readValues(in));
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    HistoryCodec.writeString(out, s);
  }

  private static String readString(DataInputStream in) throws IOException {
    return HistoryCodec.readString(in);
  }

  /**
   * The build that computes the histories: this module's jar (its views and queries) and DuckDB's
   * (which runs them), each with its size and modification time. A rebuilt jar, or another DuckDB,
   * is another build, whose numbers may differ. A classes directory (a development build,
   * recompiled in place) is another build in each JVM.
   */
  static String thisBuild() {
    return codeOf(HistoryCache.class) + "; " + codeOf(org.duckdb.DuckDBDriver.class);
  }

  private static String codeOf(Class<?> c) {
    try {
      Path code = Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (Files.isDirectory(code)) {
        return code
            + " in process "
            + ProcessHandle.current().pid()
            + " "
            + ProcessHandle.current().info().startInstant().orElse(null);
      }
      return code + " " + Files.size(code) + " " + Files.getLastModifiedTime(code).toMillis();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the build of " + c, e);
    } catch (URISyntaxException | RuntimeException e) {
      throw new IllegalStateException("cannot tell the build of " + c, e);
    }
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }
}
