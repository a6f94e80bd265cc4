package io.benchlake.schemas;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class SourceStatisticsTest {
  private static final Instant AT = Instant.parse("2026-03-11T13:22:25Z");

  static SourceStatistics event() {
    return new SourceStatistics(
        null,
        "e9",
        "run-1",
        AT,
        AT,
        "DELIVERY_ratio",
        "taf-report",
        List.of("DELIVERY_ratio by Thread Count", "MDEV-39364 - deeper look"),
        List.of(
            new PrintedStatistic(64, "mean", 27.465, 3),
            new PrintedStatistic(64, "mean", 27.47, 2),
            new PrintedStatistic(64, "skewness", -0.07, 2)));
  }

  @Test
  void sourceStatisticsRoundTripThroughTheirSchema() throws Exception {
    EventCodec codec = new EventCodec();
    SourceStatistics e = event();
    Event back = codec.decode(codec.encode(e));
    assertEquals(e, back);
    assertEquals("benchlake.source_statistics/1", back.schema());
  }

  @Test
  void aStatisticTheSchemaDoesNotKnowIsRefusedByName() {
    String json =
        new EventCodec()
            .encodeToString(event())
            .replace("\"statistic\":\"skewness\"", "\"statistic\":\"kurtosis\"");
    InvalidEventException e =
        assertThrows(
            InvalidEventException.class,
            () -> new EventCodec().decode(json.getBytes(StandardCharsets.UTF_8)));
    assertTrue(e.getMessage().contains("statistic"), e.getMessage());
  }

  @Test
  void aPrintedStatisticMustBeFinite() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new PrintedStatistic(4, "mean", Double.POSITIVE_INFINITY, 3));
  }
}
