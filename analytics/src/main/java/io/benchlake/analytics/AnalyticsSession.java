package io.benchlake.analytics;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.home.EnvironmentException;
import io.benchlake.warehouse.CurrentCommit;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * A DuckDB session over the committed Parquet files of a warehouse, with the views of {@code sql/}
 * loaded (all of them, or those a command's queries reach): every read path's session (sql, report,
 * regressions, ...). It writes nothing: user statements run only when DuckDB parses them as one
 * read statement ({@link ReadStatement}), file access is limited to reading the warehouse, and
 * DuckDB spills under the home, never into the working directory. Files whose size differs from
 * their commit, or whose content does when a session first reads them, are refused before any query
 * ({@link io.benchlake.warehouse.FirstReadChecks}).
 */
public final class AnalyticsSession implements AutoCloseable {
  /** The query of {@link #requireRuns()}. */
  public static final String RUNS_SQL = "SELECT count(*) FROM runs";

  private final Connection connection;
  private final String commit;
  private final Views views;
  private final boolean attachedFile;

  private AnalyticsSession(
      Connection connection, String commit, Views views, boolean attachedFile) {
    this.connection = connection;
    this.commit = commit;
    this.views = views;
    this.attachedFile = attachedFile;
  }

  /**
   * A writable DuckDB database of a command's own (what it keeps between commands), attached to its
   * session as {@code name} before the session is limited to reading the warehouse.
   */
  public record Attached(String name, Path file) {}

  /**
   * The definitions a session was opened with, the names it created, and the views it creates as
   * tables: what {@link #prepareFor} needs to add the rest.
   */
  private record Views(ViewDefinitions definitions, Set<String> created, Set<String> asTables) {}

  public static AnalyticsSession open(Warehouse warehouse) {
    return open(warehouse, defaultSpill(warehouse));
  }

  /** A session whose DuckDB spills (sorts and joins larger than memory) into {@code spill}. */
  public static AnalyticsSession open(Warehouse warehouse, Path spill) {
    return open(
        warehouse, spill, ViewDefinitions::all, Set.of(), Optional.empty(), Optional.empty());
  }

  /**
   * The per-run views a server's pages join again and again, made tables once a session: each is
   * one row per run (or per alias), but as a view it is computed anew at every use, and the trend
   * page's history alone used it a dozen times (11 s over 33,334 runs, and beyond 1 GB).
   */
  static final Set<String> SERVER_TABLES =
      Set.of(
          "canonical_names",
          "testbed_names",
          "retracted_runs",
          "started_runs",
          "finished_runs",
          "environments",
          "run_testbeds",
          "config_lines",
          "series_of_runs",
          "history_runs",
          "comparison");

  /**
   * A session for a long-lived server: all views, the {@link #SERVER_TABLES} computed once, and
   * DuckDB held to {@code limits} (its memory and threads), set before the configuration is locked.
   */
  public static AnalyticsSession openForServer(Warehouse warehouse, ServerLimits limits) {
    return open(
        warehouse,
        defaultSpill(warehouse),
        ViewDefinitions::all,
        SERVER_TABLES,
        Optional.of(limits),
        Optional.empty());
  }

  /** DuckDB's memory limit (e.g. {@code 1GB}) and worker threads for a server's session. */
  public record ServerLimits(String memoryLimit, int threads) {
    public ServerLimits {
      if (!memoryLimit.matches("\\d+(\\.\\d+)?\\s*[KMGT]i?B")) {
        throw new BadInputException("memory limit '" + memoryLimit + "' is not like 1GB or 512MB");
      }
      if (threads < 1) {
        throw new BadInputException("DuckDB needs at least 1 thread, was " + threads);
      }
    }
  }

  /**
   * A session with only the views that {@code queries} (the SQL texts a command will run) reach:
   * creating a view binds everything under it, so a command that needs a few views starts faster.
   */
  public static AnalyticsSession openFor(Warehouse warehouse, Collection<String> queries) {
    return openFor(warehouse, queries, List.of(), Set.of());
  }

  /**
   * A session with the views that {@code queries} reach, ready for {@code later} (queries a command
   * runs only in some cases: their raw views are made now, their other views by {@link
   * #prepareFor}); the views named in {@code asTables} are made tables of their rows, computed once
   * for a view that the queries use several times (the session reads one commit's files, so the
   * rows are the same at every use).
   */
  public static AnalyticsSession openFor(
      Warehouse warehouse,
      Collection<String> queries,
      Collection<String> later,
      Set<String> asTables) {
    return openFor(warehouse, queries, later, asTables, Optional.empty());
  }

  /**
   * As {@link #openFor(Warehouse, Collection, Collection, Set)}, with {@code attached} attached
   * (see {@link #attachedFile()}).
   */
  public static AnalyticsSession openFor(
      Warehouse warehouse,
      Collection<String> queries,
      Collection<String> later,
      Set<String> asTables,
      Optional<Attached> attached) {
    return open(
        warehouse,
        defaultSpill(warehouse),
        d -> {
          List<String> every = new ArrayList<>(queries);
          every.addAll(later);
          return new ViewDefinitions.Selection(
              d.reachedBy(every).tables(), d.reachedBy(queries).definitions());
        },
        asTables,
        Optional.empty(),
        attached);
  }

  /**
   * The session for a user's statements (`benchlake sql STATEMENT` or `--file`): the views they
   * reach, or every view when they reach none (`SHOW TABLES`, the catalog's functions, a misspelt
   * name, which DuckDB's error then matches against all the views). Creating the 39 views binds
   * each down to the Parquet footers, about 1.5 s; `select count(*) from runs` needs a few of them.
   */
  public static AnalyticsSession openForStatements(
      Warehouse warehouse, Collection<String> statements) {
    return open(
        warehouse,
        defaultSpill(warehouse),
        d -> {
          ViewDefinitions.Selection reached = d.reachedBy(statements);
          return reached.tables().isEmpty() && reached.definitions().isEmpty() ? d.all() : reached;
        },
        Set.of(),
        Optional.empty(),
        Optional.empty());
  }

  /** Creates the views {@code queries} reach that this session does not have yet. */
  public void prepareFor(Collection<String> queries) {
    List<ViewDefinitions.Definition> missing =
        views.definitions().missingFor(queries, views.created());
    try (Statement st = connection.createStatement()) {
      create(st, missing, views.asTables());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot create views: " + e.getMessage(), e);
    }
    missing.forEach(d -> views.created().add(d.name()));
  }

  private static CompletableFuture<Connection> startDuckDb() {
    return CompletableFuture.supplyAsync(
        () -> {
          try {
            return DriverManager.getConnection("jdbc:duckdb:");
          } catch (SQLException e) {
            throw new CompletionException(e);
          }
        });
  }

  private static Path defaultSpill(Warehouse warehouse) {
    return homeOf(warehouse).resolve("tmp").resolve("duckdb");
  }

  /**
   * The root of the home a session keeps its spill space and first-read record in: the one the
   * warehouse was opened in ({@link Warehouse#of}), else the one the environment names.
   */
  private static Path homeOf(Warehouse warehouse) {
    return warehouse.home().orElseGet(BenchlakeHome::fromEnvironment).root();
  }

  /**
   * {@code spill} as DuckDB's temp directory, its parent made: DuckDB makes the directory itself
   * when it first spills, but not its parents, so on a home without {@code tmp/} a query larger
   * than memory failed ("Failed to create directory"). A parent that cannot be made (a read-only
   * home) is left to that first spill to report.
   */
  private static String spillParentMade(Path spill) {
    Path absolute = spill.toAbsolutePath();
    try {
      Files.createDirectories(absolute.getParent());
    } catch (IOException | UnsupportedOperationException e) {
      // reads go on: only a query that has to spill needs it
    }
    return absolute.toString();
  }

  /**
   * Views every session makes tables of their rows when it creates them: DuckDB computes a view
   * again at every use, and these are used several times over (canonical_names, a recursive walk of
   * the aliases over canonical_run_names, the tests' and datasets' part, by runs twice and by
   * run_testbeds three times; run_testbeds three times by series_of_runs), so that `monthly` over
   * 30 runs took 1.8 s as views and 0.1 s with these as tables. A session reads one commit's files:
   * the rows are the same at every use.
   */
  private static final Set<String> ALWAYS_TABLES =
      Set.of("canonical_run_names", "canonical_names", "run_testbeds");

  private static AnalyticsSession open(
      Warehouse warehouse,
      Path spill,
      Function<ViewDefinitions, ViewDefinitions.Selection> selecting,
      Set<String> askedAsTables,
      Optional<ServerLimits> limits,
      Optional<Attached> attached) {
    Set<String> asTables = new HashSet<>(ALWAYS_TABLES);
    asTables.addAll(askedAsTables);
    // DuckDB (its native library, the database) starts on another thread while this one reads
    // and checks the manifest: both are cold-start work of a few hundred ms to a second or more
    CompletableFuture<Connection> starting = startDuckDb();
    long t = System.nanoTime();
    CurrentCommit commit;
    Manifest manifest;
    ViewDefinitions definitions;
    ViewDefinitions.Selection views;
    try {
      commit = warehouse.commit();
      manifest = warehouse.checked(commit.manifest(), warehouse.firstReadChecks(homeOf(warehouse)));
      t = lap("manifest read and checked", t);
      definitions = ViewDefinitions.load();
      views = selecting.apply(definitions);
      t = lap("view definitions read", t);
    } catch (RuntimeException e) {
      starting.thenAccept(AnalyticsSession::closeQuietly);
      throw e;
    }
    try {
      Connection c = started(starting);
      t = lap("waited for DuckDB to start", t);
      boolean attachedFile;
      try (Statement st = c.createStatement()) {
        st.execute("SET TimeZone = 'UTC'");
        // every view over the raw views binds them again, and union_by_name reads the footer of
        // every file each time: cached, a footer is read once a session (the sizes were checked)
        st.execute("SET parquet_metadata_cache = true");
        st.execute("SET temp_directory = " + RawTables.literal(spillParentMade(spill)));
        if (limits.isPresent()) {
          st.execute("SET memory_limit = " + RawTables.literal(limits.get().memoryLimit()));
          st.execute("SET threads = " + limits.get().threads());
        }
        for (WarehouseTable table : views.tables()) {
          st.execute(RawTables.createView(table, warehouse.files(manifest, table)));
        }
        t = lap(views.tables().size() + " raw views created", t);
        create(st, views.definitions(), asTables);
        lap(views.definitions().size() + " views and macros created", t);
        attachedFile = attached.isPresent() && attach(st, attached.get());
        String root = warehouse.root().toString();
        st.execute("SET allowed_directories = [" + RawTables.literal(root + "/") + "]");
        st.execute("SET enable_external_access = false");
        st.execute("SET lock_configuration = true");
      }
      Set<String> created = new HashSet<>();
      views.definitions().forEach(d -> created.add(d.name()));
      return new AnalyticsSession(
          c, commit.id(), new Views(definitions, created, asTables), attachedFile);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot open DuckDB over " + warehouse.root() + ": " + e.getMessage(), e);
    }
  }

  /**
   * Attaches the database file of {@code a}, made when missing; one that does not open as a DuckDB
   * database (damaged, another version's) is made again; one another process holds (DuckDB locks
   * the file) is left alone and an empty database in memory is attached under the name instead:
   * false then.
   */
  private static boolean attach(Statement st, Attached a) throws SQLException {
    String file = a.file().toAbsolutePath().toString();
    try {
      Files.createDirectories(a.file().toAbsolutePath().getParent());
      st.execute("ATTACH " + RawTables.literal(file) + " AS " + a.name());
      return true;
    } catch (SQLException | IOException first) {
      if (first.getMessage() != null && !first.getMessage().contains("lock")) {
        try {
          Files.deleteIfExists(Path.of(file + ".wal"));
          Files.deleteIfExists(a.file());
          st.execute("ATTACH " + RawTables.literal(file) + " AS " + a.name());
          return true;
        } catch (SQLException | IOException again) {
          // read-only home or the like: kept in memory, for this session alone
        }
      }
      st.execute("ATTACH ':memory:' AS " + a.name());
      return false;
    }
  }

  /**
   * Whether the database asked for with {@code openFor(..., attached)} is its file; false when the
   * file could not be attached (another process holds it) and an empty one in memory stands in.
   */
  public boolean attachedFile() {
    return attachedFile;
  }

  /**
   * The SHA-256 of every view definition this build ships, in order: what a result kept between
   * sessions was computed with.
   */
  public String viewsDigest() {
    return views.definitions().digest();
  }

  private static void create(
      Statement st, List<ViewDefinitions.Definition> definitions, Set<String> asTables) {
    for (ViewDefinitions.Definition view : definitions) {
      try {
        if (asTables.contains(view.name())) {
          long t = System.nanoTime();
          st.execute(view.tableSql());
          lap("table " + view.name() + " made", t);
        } else {
          st.execute(view.sql());
        }
      } catch (SQLException e) {
        throw new IllegalStateException(
            "view script sql/" + view.script() + " failed: " + e.getMessage(), e);
      }
    }
  }

  /**
   * With {@code -Dbenchlake.timing=true} (as the commands' own steps), the time a step of opening
   * the session took, on stderr; the time it ended.
   */
  private static long lap(String step, long since) {
    long now = System.nanoTime();
    if (Boolean.getBoolean("benchlake.timing")) {
      System.err.printf(Locale.ROOT, "timing: session: %s %.1f ms%n", step, (now - since) / 1e6);
    }
    return now;
  }

  /**
   * The connection once DuckDB started, or why it could not start, unwrapped from the other
   * thread's CompletionException: an SQLException as itself; a LinkageError (the native library
   * does not load: UnsatisfiedLinkError, or DuckDB's classes failing their static start) as an
   * environment fault the command line reports in one line (picocli hands Errors to no handler, so
   * one thrown as itself would end in a stack trace); any other Error as itself.
   */
  static Connection started(CompletableFuture<Connection> starting) throws SQLException {
    try {
      return starting.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw sql;
      }
      if (e.getCause() instanceof LinkageError linkage) {
        throw new EnvironmentException(
            "DuckDB could not start: "
                + linkage.getClass().getSimpleName()
                + ": "
                + firstLine(linkage.getMessage()),
            linkage);
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // the session was refused before it was used; nothing was opened through it
    }
  }

  /**
   * The session for a question about runs: an empty warehouse is the user's mistake, said in one
   * line that tells how to fill it.
   */
  public static AnalyticsSession openWithRuns(Warehouse warehouse) {
    AnalyticsSession session = open(warehouse);
    try {
      session.requireRuns();
      return session;
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  /**
   * The one-line mistake of a question about runs asked of an empty warehouse: a command that
   * opened its session with {@link #openFor} calls it once its own query found nothing (a query
   * fewer when it did), with {@link #RUNS_SQL} among its queries.
   */
  public void requireRuns() {
    try (Statement st = connection.createStatement();
        java.sql.ResultSet rs = st.executeQuery(RUNS_SQL)) {
      rs.next();
      if (rs.getLong(1) == 0) {
        throw new BadInputException(
            "no runs yet; run `benchlake demo` or `benchlake import` (then `benchlake ingest`)");
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot count the runs: " + e.getMessage(), e);
    }
  }

  public Connection connection() {
    return connection;
  }

  /** The identity of the warehouse commit this session reads ({@link CurrentCommit#id()}). */
  public String commit() {
    return commit;
  }

  /**
   * Runs one user statement, which must be a read statement; a SQL error or any other statement is
   * a user mistake, reported in one line.
   */
  public QueryResult query(String sql) {
    ReadStatement.check(connection, sql);
    try (PreparedStatement st = connection.prepareStatement(sql)) {
      if (!st.execute()) {
        return QueryResult.empty();
      }
      return QueryResult.of(st.getResultSet());
    } catch (SQLException e) {
      throw new BadInputException("SQL error: " + firstLine(e.getMessage()));
    }
  }

  /**
   * Runs one user statement as {@link #query(String)} does, on a connection of its own to the same
   * database (so other readers of this session are not held up), keeping the first {@code maxRows}
   * rows (and one more, so the caller can tell there were more), and cancelling it after {@code
   * timeout}: a cancelled statement is a user mistake, said in one line.
   */
  public QueryResult query(String sql, int maxRows, java.time.Duration timeout) {
    ReadStatement.check(connection, sql);
    try (Connection own = connection.unwrap(org.duckdb.DuckDBConnection.class).duplicate();
        PreparedStatement st = own.prepareStatement(sql)) {
      java.util.concurrent.ScheduledExecutorService timer =
          java.util.concurrent.Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "sql-timeout");
                t.setDaemon(true);
                return t;
              });
      java.util.concurrent.atomic.AtomicBoolean cancelled =
          new java.util.concurrent.atomic.AtomicBoolean();
      timer.schedule(
          () -> {
            cancelled.set(true);
            try {
              st.cancel();
            } catch (SQLException e) {
              // the statement ended meanwhile
            }
          },
          timeout.toMillis(),
          java.util.concurrent.TimeUnit.MILLISECONDS);
      try {
        if (!st.execute()) {
          return QueryResult.empty();
        }
        return QueryResult.of(st.getResultSet(), maxRows + 1);
      } catch (SQLException e) {
        if (cancelled.get()) {
          throw new BadInputException(
              "the statement was cancelled after " + timeout.toSeconds() + " s");
        }
        throw new BadInputException("SQL error: " + firstLine(e.getMessage()));
      } finally {
        timer.shutdownNow();
      }
    } catch (SQLException e) {
      throw new BadInputException("SQL error: " + firstLine(e.getMessage()));
    }
  }

  static String firstLine(String message) {
    if (message == null) {
      return "unknown error";
    }
    return message.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(message);
  }

  @Override
  public void close() {
    try {
      connection.close();
    } catch (SQLException e) {
      // nothing to keep: the session was in memory
    }
  }
}
