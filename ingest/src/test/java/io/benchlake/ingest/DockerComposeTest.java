package io.benchlake.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docker-compose.yml for cluster mode: parsed (no Docker engine here), services and ports. */
class DockerComposeTest {
  @Test
  void composeFileBringsUpKafkaFlinkAndMariadbOnLoopbackOnly() throws Exception {
    Path file = Path.of(System.getProperty("benchlake.root", "..")).resolve("docker-compose.yml");
    assertTrue(Files.isRegularFile(file), file.toString());
    JsonNode services = new YAMLMapper().readTree(file.toFile()).get("services");
    List<String> names = new ArrayList<>();
    services.fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("kafka", "jobmanager", "taskmanager", "mariadb"), names);
    assertEquals("127.0.0.1:9092:9092", services.get("kafka").get("ports").get(0).asText());
    assertEquals("127.0.0.1:8081:8081", services.get("jobmanager").get("ports").get(0).asText());
    assertEquals("127.0.0.1:3306:3306", services.get("mariadb").get("ports").get(0).asText());
    assertTrue(
        services
            .get("kafka")
            .get("environment")
            .get("KAFKA_PROCESS_ROLES")
            .asText()
            .contains("controller"),
        "KRaft, no ZooKeeper");
    assertEquals("jobmanager", services.get("taskmanager").get("depends_on").get(0).asText());
    services.forEach(
        s -> {
          if (s.has("ports")) {
            s.get("ports")
                .forEach(p -> assertTrue(p.asText().startsWith("127.0.0.1:"), p.asText()));
          }
          JsonNode env = s.get("environment");
          for (String secret : List.of("MARIADB_PASSWORD", "MARIADB_ROOT_PASSWORD")) {
            assertTrue(env == null || !env.has(secret), "no password in the file: " + secret);
          }
        });
  }
}
