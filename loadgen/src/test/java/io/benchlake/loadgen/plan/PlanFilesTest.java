package io.benchlake.loadgen.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import org.junit.jupiter.api.Test;

class PlanFilesTest {
  private static BenchmarkPlan resolve(String yaml) {
    return PlanFiles.resolve(PlanFiles.parse(yaml, "p.yaml"), yaml, "p.yaml");
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
}
