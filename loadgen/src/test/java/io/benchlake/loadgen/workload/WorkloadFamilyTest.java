package io.benchlake.loadgen.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.workload.oltp.OltpFamily;
import io.benchlake.loadgen.workload.oltp.OltpOptions;
import io.benchlake.loadgen.workload.tprocc.TproccFamily;
import io.benchlake.loadgen.workload.tprocc.TproccOptions;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkloadFamilyTest {

  @Test
  void everyWorkloadBelongsToExactlyOneFamily() {
    List<String> names = Workloads.names();
    assertEquals(names.size(), new HashSet<>(names).size(), names.toString());
    for (String name : names) {
      WorkloadFamily<?> family = Workloads.family(name);
      assertTrue(family.workloads().contains(name));
      assertEquals(name, Workloads.create(name, family.options(Map.of())).name());
    }
    assertSame(TproccFamily.INSTANCE, Workloads.family("tprocc"));
    assertSame(OltpFamily.INSTANCE, Workloads.family("bulk_insert"));
  }

  @Test
  void eachFamilyParsesItsOwnOptions() {
    assertEquals(OltpOptions.SPECS, Workloads.specs("oltp_read_write"));
    assertEquals(TproccOptions.SPECS, Workloads.specs("tprocc"));
    assertTrue(Workloads.options("tprocc", Map.of("warehouses", "3")) instanceof TproccOptions);
    assertThrows(
        IllegalArgumentException.class,
        () -> Workloads.options("oltp_read_write", Map.of("warehouses", "3")),
        "warehouses is TPROC-C's, not sysbench's");
  }

  @Test
  void theDataShapeIsTablesAndRowsForOltpAndWarehousesForTprocc() {
    assertEquals(
        new WorkloadFamily.DataShape(4, 5000L, null, "uniform"),
        Workloads.shape(
            "oltp_read_only",
            OltpOptions.from(Map.of("tables", "4", "table-size", "5000", "rand-type", "uniform"))));
    assertEquals(
        new WorkloadFamily.DataShape(null, null, 7, null),
        Workloads.shape("tprocc", TproccOptions.defaults(7)));
  }

  @Test
  void anUnknownWorkloadListsTheKnownOnes() {
    BadInputException e =
        assertThrows(BadInputException.class, () -> Workloads.family("oltp_red_write"));
    assertTrue(
        e.getMessage().startsWith("unknown workload 'oltp_red_write' (known: oltp_read_write"));
    assertTrue(e.getMessage().contains("tprocc"), e.getMessage());
  }
}
