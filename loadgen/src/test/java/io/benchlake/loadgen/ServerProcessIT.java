package io.benchlake.loadgen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.loadgen.server.EmbeddedMariaDb;
import io.benchlake.loadgen.server.MariaDbDistribution;
import io.benchlake.loadgen.server.ServerConfig;
import io.benchlake.loadgen.server.ServerTurn;
import io.benchlake.testing.ChildJvm;
import io.benchlake.testing.TestDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The embedded server's process: its data kept wherever the home is, ended with its owner however
 * the owner ends, and had by one process of the home at a time.
 */
class ServerProcessIT {
  private static final String VERSION = "11.4.5";

  /** One home for the tests that run one after another: unpacked and initialised once. */
  private static Path shared;

  @BeforeAll
  static void sharedHome() throws Exception {
    shared = TestDirs.fresh("server-process");
  }

  @Test
  void aHomeUnderTheTempDirKeepsItsTablesBetweenStarts() throws Exception {
    Path home = Files.createTempDirectory("benchlake-home-");
    assertTrue(home.startsWith(Path.of(System.getProperty("java.io.tmpdir"))));
    // the binaries a home made before unpacked for itself: removed, the build's copy used instead
    Path oldBase = home.resolve("servers/" + VERSION + "/base");
    Files.createDirectories(oldBase.resolve("bin"));
    Files.writeString(oldBase.resolve(".unpacked"), VERSION + "\n");
    try {
      try (EmbeddedMariaDb server = start(home, ServerTurn.WAIT);
          Connection c = connect(server)) {
        assertFalse(Files.exists(oldBase), "the old per-home copy is removed");
        assertEquals(
            Optional.of(MariaDbDistribution.distsDir().resolve("mariadb-" + VERSION)),
            server.installDir());
        c.createStatement().execute("CREATE TABLE kept (id INT PRIMARY KEY)");
        c.createStatement().execute("INSERT INTO kept VALUES (42)");
      }
      Path cert = home.resolve("servers/tls/cert.pem");
      String firstCert = Files.readString(cert);
      try (EmbeddedMariaDb server = start(home, ServerTurn.WAIT);
          Connection c = connect(server);
          ResultSet rs = c.createStatement().executeQuery("SELECT id FROM kept")) {
        assertTrue(rs.next(), "the table survived the restart");
        assertEquals(42, rs.getInt(1));
      }
      assertEquals(firstCert, Files.readString(cert), "the TLS certificate is made once a home");
    } finally {
      try (Stream<Path> all = Files.walk(home)) {
        all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  @Test
  void aDataDirMadeBeforeIsLockedDownAtItsNextStartWhichSaysSoOnce() throws Exception {
    Path home = shared;
    List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
    ServerTurn noting = new ServerTurn(true, notices::add);
    // as mariadb-install-db and benchlake left data dirs before: root and anonymous, no password
    try (EmbeddedMariaDb server = start(home, noting);
        Connection c = connect(server)) {
      c.createStatement().execute("CREATE USER 'root'@'127.0.0.1'");
      c.createStatement().execute("CREATE USER ''@'localhost'");
    }
    Files.delete(home.resolve("servers/" + VERSION + "/locked-down"));
    notices.clear();
    try (EmbeddedMariaDb server = start(home, noting)) {
      assertEquals(1, notices.size(), notices.toString());
      assertTrue(notices.get(0).contains("is locked down now"), notices.get(0));
      java.sql.SQLException refused =
          org.junit.jupiter.api.Assertions.assertThrows(
              java.sql.SQLException.class,
              () -> DriverManager.getConnection(server.jdbcUrl(), "root", "").close());
      assertEquals(1045, refused.getErrorCode(), refused.getMessage());
      try (Connection c = connect(server);
          ResultSet rs =
              c.createStatement()
                  .executeQuery("SELECT COUNT(*) FROM mysql.user WHERE user IN ('root', '')")) {
        rs.next();
        assertEquals(0, rs.getInt(1), "root and anonymous accounts dropped");
      }
    }
    try (EmbeddedMariaDb server = start(home, noting)) {
      assertEquals(1, notices.size(), "said once: " + notices);
    }
  }

  @Test
  void theServerOfAKilledOwnerStopsWithIt() throws Exception {
    Path home = shared;
    ChildJvm child = ChildJvm.start(ServerChild.class, home.toString(), "hold");
    long serverPid = Long.parseLong(child.await("SERVER ").substring(7));
    ProcessHandle server = ProcessHandle.of(serverPid).orElseThrow();
    child.kill();
    assertTrue(
        server.onExit().completeOnTimeout(null, 30, TimeUnit.SECONDS).get() != null
            && !server.isAlive(),
        "mariadbd ended with the process that started it");
  }

  @Test
  void aServerLeftRunningIsFoundByItsPidFileAndStoppedByTheNextStart() throws Exception {
    Path home = shared;
    ChildJvm child = ChildJvm.start(ServerChild.class, home.toString(), "hold");
    long serverPid = Long.parseLong(child.await("SERVER ").substring(7));
    ProcessHandle server = ProcessHandle.of(serverPid).orElseThrow();
    // The owner and its watchdog both killed, as a kill of the whole process group would.
    child
        .process()
        .toHandle()
        .children()
        .filter(p -> p.pid() != serverPid)
        .forEach(ProcessHandle::destroyForcibly);
    child.kill();
    assertTrue(server.isAlive(), "orphaned: the state this test sets up");
    try (EmbeddedMariaDb next = start(home, ServerTurn.WAIT)) {
      assertFalse(server.isAlive(), "the leftover was stopped");
      assertNotEquals(serverPid, next.pid().orElseThrow());
      try (Connection c = connect(next)) {
        assertTrue(c.isValid(5));
      }
    }
  }

  @Test
  void aSecondProcessWaitsForTheServerOrRefusesInOneLine() throws Exception {
    Path home = shared;
    ChildJvm waiting;
    try (EmbeddedMariaDb server = start(home, ServerTurn.WAIT)) {
      ChildJvm refusing = ChildJvm.start(ServerChild.class, home.toString(), "refuse");
      String refusal = refusing.await("REFUSED ");
      assertTrue(
          refusal.contains(
              "embedded MariaDB "
                  + VERSION
                  + " is in use by process "
                  + ProcessHandle.current().pid()),
          refusal);
      assertTrue(refusing.process().waitFor(30, TimeUnit.SECONDS));
      waiting = ChildJvm.start(ServerChild.class, home.toString(), "wait");
      String notice = waiting.await("embedded MariaDB");
      assertTrue(notice.contains("waiting for it to finish"), notice);
      assertTrue(server.pid().map(p -> ProcessHandle.of(p).isPresent()).orElse(false));
    }
    waiting.await("SERVER ");
    waiting.process().getOutputStream().close(); // lets it stop its server and exit
    assertTrue(waiting.process().waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, waiting.process().exitValue());
  }

  private static EmbeddedMariaDb start(Path home, ServerTurn turn) {
    return EmbeddedMariaDb.start(
        new BenchlakeHome(home), VERSION, ServerConfig.embeddedDefaults(), turn);
  }

  private static Connection connect(EmbeddedMariaDb server) throws Exception {
    return DriverManager.getConnection(server.jdbcUrl(), server.user(), server.password());
  }

  /** Starts the embedded server, prints its pid, and keeps it until its input ends. */
  public static final class ServerChild {
    public static void main(String[] args) throws Exception {
      ServerTurn turn =
          args[1].equals("refuse") ? ServerTurn.REFUSE : new ServerTurn(true, System.out::println);
      try (EmbeddedMariaDb server = start(Path.of(args[0]), turn)) {
        System.out.println("SERVER " + server.pid().orElseThrow());
        System.in.read(); // until the test closes our input, or kills us
      } catch (BadInputException e) {
        System.out.println("REFUSED " + e.getMessage());
        System.exit(2);
      }
    }
  }
}
