package io.benchlake.importers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.benchlake.home.BadInputException;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** --layout fields are typed, so a path splits one way or is refused naming both. */
class PathLayoutTest {
  @Test
  void digitsEndATestNameThatHoldsTheSeparator() {
    assertEquals(
        Optional.of(Map.of("test", "oltp_point_select", "threads", "128")),
        new PathLayout("{test}_{threads}threads.log").fields("oltp_point_select_128threads.log"));
  }

  @Test
  void everyFieldReadsFromItsOwnPartOfThePath() {
    assertEquals(
        Optional.of(
            Map.of(
                "dataset", "MariaDB 11.4",
                "date", "2025-11-23",
                "test", "oltp_read_write",
                "threads", "16",
                "iteration", "3")),
        new PathLayout("{dataset}/{date}/{test}-t{threads}-i{iteration}.log")
            .fields("MariaDB 11.4/2025-11-23/oltp_read_write-t16-i3.log"));
  }

  @Test
  void aPathWhoseTypedFieldsDoNotFitDoesNotMatch() {
    PathLayout layout = new PathLayout("{test}_{threads}threads.log");
    assertEquals(Optional.empty(), layout.fields("oltp_point_select_manythreads.log"));
    assertEquals(Optional.empty(), layout.fields("a/oltp_8threads.log"));
    assertEquals(
        Optional.empty(), new PathLayout("{date}/{test}.log").fields("yesterday/oltp.log"));
  }

  @Test
  void aPathThatSplitsTwoWaysIsRefusedNamingBoth() {
    String m =
        assertThrows(
                BadInputException.class,
                () -> new PathLayout("{dataset}_{test}.log").fields("mariadb_oltp_read.log"))
            .getMessage();
    assertEquals(
        "mariadb_oltp_read.log: --layout '{dataset}_{test}.log' splits it two ways,"
            + " {dataset}=mariadb {test}=oltp_read or {dataset}=mariadb_oltp {test}=read: put a"
            + " separator between the fields that no value holds",
        m);
    assertThrows(
        BadInputException.class,
        () -> new PathLayout("{threads}{iteration}.log").fields("161.log"));
  }

  @Test
  void anUnknownFieldIsRefused() {
    assertThrows(BadInputException.class, () -> new PathLayout("{vus}.log"));
  }
}
