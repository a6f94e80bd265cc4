package io.benchlake.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BenchlakeHomeTest {
  @Test
  void theWarehouseIsUnderTheHomeUnlessPlacedElsewhere() {
    assertEquals(Path.of("/h/warehouse"), new BenchlakeHome(Path.of("/h")).warehouse());
    assertEquals(
        Path.of("/mnt/shared/wh"),
        new BenchlakeHome(Path.of("/h"), Path.of("/mnt/shared/x/../wh")).warehouse());
  }

  @Test
  void aWarehouseIsAPathOrAFileUri() {
    assertEquals(Path.of("/mnt/wh"), BenchlakeHome.warehouseLocation("/mnt/wh"));
    assertEquals(Path.of("/mnt/wh"), BenchlakeHome.warehouseLocation("file:///mnt/wh"));
    assertEquals(Path.of("/mnt/wh"), BenchlakeHome.warehouseLocation("file:/mnt/wh"));
    assertEquals(Path.of("/mnt/w h"), BenchlakeHome.warehouseLocation("file:///mnt/w%20h"));
    assertEquals(Path.of("/mnt/wh"), BenchlakeHome.warehouseLocation("FILE://localhost/mnt/wh"));
    assertEquals(Path.of("relative/wh"), BenchlakeHome.warehouseLocation("relative/wh"));
  }

  @Test
  void aWarehouseOnAFileSystemDuckDbCannotReadIsOneClearLine() {
    for (String uri : new String[] {"s3://bucket/wh", "hdfs://nn:8020/wh", "gs://b/wh"}) {
      BadInputException e =
          assertThrows(BadInputException.class, () -> BenchlakeHome.warehouseLocation(uri));
      assertTrue(e.getMessage().startsWith("BENCHLAKE_WAREHOUSE=" + uri + ": a "), e.getMessage());
      assertTrue(e.getMessage().contains("give a path or a file: URI"), e.getMessage());
      assertTrue(!e.getMessage().contains("\n"));
    }
    BadInputException host =
        assertThrows(
            BadInputException.class, () -> BenchlakeHome.warehouseLocation("file://fileserver/wh"));
    assertTrue(host.getMessage().contains("not a host"), host.getMessage());
    assertThrows(
        BadInputException.class, () -> BenchlakeHome.warehouseLocation("file:///bad path"));
  }
}
