package io.benchlake.cli;

import static io.benchlake.cli.ImportRoundTripIT.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.home.BenchlakeHome;
import io.benchlake.importers.ImportRequest;
import io.benchlake.importers.ImportService;
import io.benchlake.importers.sysbench.SysbenchFormat;
import io.benchlake.schemas.Event;
import io.benchlake.schemas.EventCodec;
import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.RunContext;
import io.benchlake.schemas.RunFinished;
import io.benchlake.schemas.RunParameters;
import io.benchlake.schemas.RunSource;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An event log in the shape the version 2 importers wrote (a HammerDB ladder as one run per rung,
 * run_source with digests only), re-imported with this version: the rungs become one ladder, the
 * sysbench run keeps its id and its annotation; importing the log's own export adds nothing.
 */
class ImporterUpgradeIT {
  private static final int[] VUS = {1, 2, 4};
  private static final long[] NOPM = {5000, 9900, 19100};
  private static Path home;
  private static EventBus broker;

  @BeforeAll
  static void sharedHome() throws Exception {
    home = CliRunner.useFreshHome("importer-upgrade");
    broker = EventBus.connect(new BenchlakeHome(home), Optional.empty());
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  @Test
  void anOldShapeLogReimportedGivesLaddersAndKeepsItsAnnotations() throws Exception {
    Path ladder = home.resolve("old/hammerdb.log");
    Files.createDirectories(ladder.getParent());
    Files.writeString(
        ladder, WrittenOutputs.hammerdbLadder(ImportIdentityIT.APRIL_2025, VUS, NOPM));
    Path sysbench = home.resolve("old/oltp.log");
    Files.writeString(sysbench, WrittenOutputs.sysbench(4, 10, 1500.00));

    List<Event> old = new ArrayList<>(rungRuns(ladder));
    old.addAll(sysbenchAsVersion2(sysbench));
    Path lines = home.resolve("old-events.jsonl");
    EventCodec codec = new EventCodec();
    try (var out = Files.newOutputStream(lines)) {
      for (Event e : old) {
        out.write(codec.encode(e));
        out.write('\n');
      }
    }
    ok(CliRunner.run("import", "events", lines.toString()));
    ok(CliRunner.run("ingest"));
    assertEquals("3", ImportIdentityIT.sql("select count(*) from runs where dataset = 'U 11.8'"));
    String sbRun = ImportIdentityIT.sql("select run_id from runs where dataset = 'U SB'");
    ok(CliRunner.run("annotate", sbRun.substring(0, 12), "--exclude", "--reason", "a backup ran"));

    Path export = home.resolve("export.jsonl");
    ok(CliRunner.run("export", "events", "--out", export.toString()));
    CliRunner.Run back = CliRunner.run("import", "events", export.toString());
    ok(back);
    assertTrue(back.out().contains("nothing new: 0 events published"), back.out());
    assertTrue(back.out().contains("already in the log, not published again"), back.out());

    CliRunner.Run hammerdb =
        CliRunner.run("import", "hammerdb", ladder.toString(), "--dataset", "U 11.8");
    ok(hammerdb);
    assertTrue(
        hammerdb
            .out()
            .contains("replaced 3 runs from " + ladder + ": read by importer version 2, now 4"),
        hammerdb.out());
    CliRunner.Run sb =
        CliRunner.run(
            "import",
            "sysbench",
            sysbench.toString(),
            "--dataset",
            "U SB",
            "--test",
            "OLTP_RW",
            "--started-at",
            "2026-03-02");
    ok(sb);
    assertFalse(sb.out().contains("replaced"), sb.out());
    ok(CliRunner.run("ingest"));
    assertEquals(
        "\"1,2,4 completed\"",
        ImportIdentityIT.sql(
            "select thread_ladder || ' ' || status from runs where dataset = 'U 11.8'"));
    assertEquals(
        sbRun + " true 3",
        ImportIdentityIT.sql(
            "select run_id || ' ' || excluded || ' ' || importer_version from runs"
                + " where dataset = 'U SB'"));
  }

  /** The ladder as version 2 read it: one run per rung, dated by its jobid, digest recorded. */
  private static List<Event> rungRuns(Path ladder) throws Exception {
    String digest = sha256(ladder);
    List<Event> out = new ArrayList<>();
    for (int i = 0; i < VUS.length; i++) {
      Instant start = Instant.ofEpochSecond(ImportIdentityIT.APRIL_2025 + i * 600L);
      RunContext run = RunContext.imported("U 11.8", "TPROC-C", start, "unknown");
      out.add(
          run.event("run_started")
              .runStarted(
                  "U 11.8",
                  "hammerdb-tprocc",
                  "TPROC-C",
                  null,
                  "import:hammerdb",
                  new RunParameters(
                      "tprocc",
                      null,
                      null,
                      null,
                      120.0,
                      "min",
                      1,
                      List.of(VUS[i]),
                      60.0,
                      null,
                      null),
                  List.of()));
      out.add(
          run.event(digest + ":" + (20 + i), "iteration_finished")
              .iterationFinished(
                  VUS[i],
                  1,
                  IterationFinished.Status.completed,
                  120.0,
                  List.of(
                      new IterationValue("NOPM", NOPM[i], "nopm", "hammerdb:result"),
                      new IterationValue("TPM", NOPM[i] * 23 / 10, "tpm", "hammerdb:result")),
                  List.of(),
                  null,
                  null));
      out.add(run.event("run_finished").runFinished(RunFinished.Status.completed, null, List.of()));
      out.add(
          run.event("run_source", digest)
              .runSource(
                  "hammerdb",
                  2,
                  List.of(new RunSource.SourceDigest(ladder.toString(), digest, null)),
                  null));
    }
    return out;
  }

  /** The sysbench log's events as this version reads them, with a version 2 run_source. */
  private static List<Event> sysbenchAsVersion2(Path log) throws Exception {
    ImportRequest request =
        ImportRequest.builder(new SysbenchFormat(), List.of(log))
            .dataset("U SB")
            .test("OLTP_RW")
            .startedAt(Instant.parse("2026-03-02T00:00:00Z"))
            .build();
    List<Event> events =
        new ArrayList<>(
            new ImportService()
                .parse(request, new PrintStream(new ByteArrayOutputStream()))
                .batches()
                .get(0)
                .events());
    String digest = sha256(log);
    Event first = events.get(0);
    events.add(
        RunContext.imported(first.runId(), first.startedAt())
            .event("run_source", digest)
            .runSource(
                "sysbench",
                2,
                List.of(new RunSource.SourceDigest(log.toString(), digest, null)),
                null));
    return events;
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
