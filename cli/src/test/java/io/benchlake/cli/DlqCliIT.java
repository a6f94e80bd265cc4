package io.benchlake.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.bus.EventBus;
import io.benchlake.bus.Topics;
import io.benchlake.home.BenchlakeHome;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/** benchlake ingest and benchlake dlq with an event in the log that is not one. */
class DlqCliIT {
  @Test
  void aRefusedEventExitsFourAndIsListedOnceEvenAfterARebuild() throws Exception {
    Path home = CliRunner.useFreshHome("dlq-cli");
    try (EventBus bus = EventBus.connect(new BenchlakeHome(home), Optional.empty());
        KafkaProducer<String, byte[]> raw =
            new KafkaProducer<>(
                Map.of("bootstrap.servers", bus.bootstrap()),
                new StringSerializer(),
                new ByteArraySerializer())) {
      raw.send(
              new ProducerRecord<>(
                  Topics.EVENTS,
                  "x",
                  "{\"schema\": \"sample/v1\"".getBytes(StandardCharsets.UTF_8)))
          .get();
    }
    CliRunner.Run ingest = CliRunner.run("ingest");
    assertEquals(4, ingest.exit(), ingest.out() + ingest.err());
    String listed = CliRunner.run("dlq", "--format", "csv").out();
    assertEquals(2, listed.lines().count(), listed);
    assertTrue(listed.contains("benchlake.events/"), listed);
    assertTrue(listed.contains("not JSON"), listed);

    CliRunner.Run rebuild = CliRunner.run("ingest", "--rebuild");
    assertEquals(4, rebuild.exit(), rebuild.out() + rebuild.err());
    assertEquals(listed, CliRunner.run("dlq", "--format", "csv").out(), "one row per event");
  }
}
