package io.benchlake.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.run.RunPlan;
import io.benchlake.loadgen.workload.InvalidOption;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PlanFilesTest {
  private static BenchmarkPlan resolve(String yaml) {
    return PlanFiles.resolve(PlanFiles.parse(yaml, "p.yaml"), yaml, "p.yaml");
  }

  /** The one line a plan's mistake is reported in. */
  private static String mistake(String yaml) {
    return assertThrows(BadInputException.class, () -> resolve(yaml)).getMessage();
  }

  @Test
  void selectRandomMeasuresWithAnyTablesButMakesAndDropsOnlyOne() {
    String fourTables = "workload: select_random_points\noptions:\n  tables: 4\n";
    BadInputException e = assertThrows(BadInputException.class, () -> resolve(fourTables));
    assertEquals(
        "p.yaml: select_random_points: this benchmark does not support --tables > 1, was 4",
        e.getMessage());
    assertThrows(
        BadInputException.class, () -> resolve(fourTables + "prepare: false\ncleanup: true\n"));
    // sysbench's run on tables made before: it reads sbtest1
    BenchmarkPlan measured = resolve(fourTables + "prepare: false\n");
    assertEquals("4", measured.run().options().asMap().get("tables"));
  }

  @Test
  void aPlansTestbedNamesTheMachineAndWithoutOneTheHostFactsWill() {
    assertEquals("db1", resolve("workload: oltp_read_write\ntestbed: db1\n").run().testbed());
    assertEquals(null, resolve("workload: oltp_read_write\n").run().testbed());
    PlanFile flags = PlanFiles.parse("testbed: lab-7\n", "flags");
    PlanFile file = PlanFiles.parse("workload: oltp_read_write\ntestbed: db1\n", "p.yaml");
    assertEquals("lab-7", flags.over(file).testbed(), "--testbed over the plan's");
  }

  /** A plan of flags that set nothing, as a run without flags gives it. */
  private static final PlanFile NO_FLAGS = PlanFiles.parse("tag: t\n", "flags");

  /** Plans with one bad value, and the line each is reported in. */
  static Stream<Arguments> badValues() {
    return Stream.of(
        arguments(
            "workload: oltp_read_write\ntag: a\nthreads: [1, 0]\niterations: 2\n",
            "p.yaml:3: --threads needs one or more counts of at least 1, was [1, 0]"),
        // the same name under properties first: the key's own line, not the first match
        arguments(
            "workload: oltp_read_write\nproperties:\n  threads: four\nthreads: [0]\n",
            "p.yaml:4: --threads needs one or more counts of at least 1, was [0]"),
        arguments(
            "properties:\n  table_size: big\noptions:\n  tables: 2\n  table_size: lots\n",
            "p.yaml:5: --table-size expects a whole number, was 'lots'"),
        arguments(
            "workload: oltp_read_write\nwarmup-time: 5s\ntime: 5x\n",
            "p.yaml:3: --time '5x' is not a duration (expected e.g. 10s, 5m or a number of"
                + " seconds)"));
  }

  @ParameterizedTest
  @MethodSource("badValues")
  void aBadValueIsReportedAtTheLineOfItsKey(String yaml, String expected) {
    assertEquals(expected, mistake(yaml));
  }

  @Test
  void aBadWorkloadOptionIsReportedAtItsLineUnderOptions() {
    String yaml = "workload: oltp_read_write\noptions:\n  tables: 2\n  rand-type: bogus\n";
    String e = mistake(yaml);
    assertTrue(e.startsWith("p.yaml:4: --rand-type must be one of"), e);
  }

  @Test
  void anUnknownWorkloadOptionIsReportedAtItsLine() {
    String yaml = "workload: oltp_point_select\noptions:\n  tables: 2\n  tabels: 3\n";
    String e = mistake(yaml);
    assertTrue(
        e.startsWith("p.yaml:4: --tabels is not an option of this workload (known: tables, "), e);
  }

  @Test
  void aBadDatasetIsReportedAtItsLineNotAtAnotherDatasetsSameKey() {
    String yaml =
        """
        test: OLTP_RW
        datasets:
          - jdbc-url: jdbc:mariadb://h/db
            label: a
          - jdbc-url: jdbc:postgresql://h/db
            label: b
          - embedded: 11.4.5
        """;
    String e = mistake(yaml);
    assertTrue(e.startsWith("p.yaml:5: jdbc-url must start with jdbc:mariadb:"), e);
  }

  @Test
  void aBadValueTheFileDoesNotSetIsReportedWithoutALine() {
    String yaml = "workload: oltp_read_write\n";
    PlanFile flags = PlanFiles.parse("iterations: 0\n", "flags");
    BadInputException e =
        assertThrows(
            BadInputException.class,
            () -> PlanFiles.resolve(flags.over(PlanFiles.parse(yaml, "p.yaml")), yaml, "p.yaml"));
    assertEquals("p.yaml: --iterations must be at least 1, was 0", e.getMessage());
  }

  @Test
  void aBadValueAFlagGivesOverTheFilesIsNotPinnedOnTheFilesLine(@TempDir Path dir)
      throws Exception {
    Path plan = dir.resolve("p.yaml");
    java.nio.file.Files.writeString(
        plan, "workload: oltp_read_write\niterations: 2\noptions:\n  tables: 2\n");
    BadInputException flagged =
        assertThrows(
            BadInputException.class,
            () -> PlanFiles.resolve(PlanFiles.parse("iterations: 0\n", "flags"), plan));
    assertEquals(plan + ": --iterations must be at least 1, was 0", flagged.getMessage());
    BadInputException option =
        assertThrows(
            BadInputException.class,
            () -> PlanFiles.resolve(PlanFiles.parse("options: {tables: 0}\n", "flags"), plan));
    assertEquals(plan + ": --tables must be at least 1, was 0", option.getMessage());
    java.nio.file.Files.writeString(plan, "workload: oltp_read_write\niterations: 0\n");
    BadInputException own =
        assertThrows(BadInputException.class, () -> PlanFiles.resolve(NO_FLAGS, plan));
    assertEquals(plan + ":2: --iterations must be at least 1, was 0", own.getMessage());
  }

  @Test
  void anInvalidOptionNamesItsKeyAndReasonApart() {
    InvalidOption e =
        assertThrows(
            InvalidOption.class,
            () ->
                RunPlan.timed(
                    null, null, "oltp_read_write", OltpOptions.defaults(), List.of(1), 0, 1, 0));
    assertEquals("iterations", e.key());
    assertEquals("must be at least 1, was 0", e.reason());
    assertEquals("--iterations must be at least 1, was 0", e.getMessage());
  }

  @Test
  void aPlanPathThatIsNoFileIsNamedAsAMissingPlanOrAnUnknownWorkload(@TempDir Path dir) {
    BadInputException missing =
        assertThrows(
            BadInputException.class,
            () -> PlanFiles.resolve(NO_FLAGS, dir.resolve("nightly.yaml")));
    assertEquals("no plan file " + dir.resolve("nightly.yaml"), missing.getMessage());
    BadInputException typo =
        assertThrows(
            BadInputException.class, () -> PlanFiles.resolve(NO_FLAGS, Path.of("oltp_red_write")));
    assertTrue(
        typo.getMessage().startsWith("'oltp_red_write' is neither a plan file nor a workload"),
        typo.getMessage());
  }

  @Test
  void theFlagsOverrideThePlanFileTheyAreGivenWith(@TempDir Path dir) throws Exception {
    Path plan = dir.resolve("p.yaml");
    java.nio.file.Files.writeString(
        plan, "workload: oltp_point_select\niterations: 3\ntag: file\n");
    BenchmarkPlan resolved = PlanFiles.resolve(PlanFiles.parse("tag: flag\n", "flags"), plan);
    assertEquals("oltp_point_select", resolved.run().workload());
    assertEquals(3, resolved.run().iterations());
    assertEquals("flag", resolved.run().tag());
  }
}
