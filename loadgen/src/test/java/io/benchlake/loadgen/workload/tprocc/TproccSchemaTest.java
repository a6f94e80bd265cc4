package io.benchlake.loadgen.workload.tprocc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TproccSchemaTest {
  @Test
  void orderLineIsSplitIntoAtMostTenWarehouseRangesTheLastOpenEnded() {
    assertEquals(
        "ALTER TABLE order_line PARTITION BY RANGE (ol_w_id) (PARTITION p1 VALUES LESS THAN (2),"
            + " PARTITION p2 VALUES LESS THAN (MAXVALUE))",
        TproccSchema.orderLinePartitions(2));
    String big = TproccSchema.orderLinePartitions(25);
    assertTrue(big.contains("PARTITION p1 VALUES LESS THAN (4)"), big);
    assertTrue(big.contains("PARTITION p9 VALUES LESS THAN (28)"), big);
    assertTrue(big.endsWith("PARTITION p10 VALUES LESS THAN (MAXVALUE))"), big);
  }

  @Test
  void partitioningIsOffUnlessAsked() {
    assertEquals(false, TproccOptions.defaults(4).partitioned());
    assertEquals("off", TproccOptions.defaults(4).asMap().get("partition"));
  }
}
