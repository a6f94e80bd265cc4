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

/**
 * docker-compose.yml for cluster mode: parsed (no Docker engine here): services, every listener on
 * 127.0.0.1 of the host's network (benchlake and the task managers reach the broker at one
 * address), and the warehouse mounted at its own path in the task manager.
 */
class DockerComposeTest {
  @Test
  void composeFileBringsUpKafkaFlinkAndMariadbOnLoopbackOnly() throws Exception {
    Path file = Path.of(System.getProperty("benchlake.root", "..")).resolve("docker-compose.yml");
    assertTrue(Files.isRegularFile(file), file.toString());
    JsonNode services = new YAMLMapper().readTree(file.toFile()).get("services");
    List<String> names = new ArrayList<>();
    services.fieldNames().forEachRemaining(names::add);
    assertEquals(List.of("kafka", "jobmanager", "taskmanager", "mariadb"), names);
    JsonNode kafka = services.get("kafka").get("environment");
    assertTrue(kafka.get("KAFKA_PROCESS_ROLES").asText().contains("controller"), "KRaft");
    assertEquals(
        "PLAINTEXT://127.0.0.1:9092,CONTROLLER://127.0.0.1:9093",
        kafka.get("KAFKA_LISTENERS").asText());
    assertEquals("PLAINTEXT://127.0.0.1:9092", kafka.get("KAFKA_ADVERTISED_LISTENERS").asText());
    assertEquals("-1", kafka.get("KAFKA_LOG_RETENTION_HOURS").asText(), "kept forever");
    String jobmanager =
        services.get("jobmanager").get("environment").get("FLINK_PROPERTIES").asText();
    assertTrue(jobmanager.contains("rest.bind-address: 127.0.0.1"), jobmanager);
    assertTrue(jobmanager.contains("rest.port: 8081"), jobmanager);
    assertTrue(jobmanager.contains("jobmanager.bind-host: 127.0.0.1"), jobmanager);
    JsonNode taskmanager = services.get("taskmanager");
    assertTrue(
        taskmanager
            .get("environment")
            .get("FLINK_PROPERTIES")
            .asText()
            .contains("taskmanager.bind-host: 127.0.0.1"));
    assertEquals("jobmanager", taskmanager.get("depends_on").get(0).asText());
    String mount = taskmanager.get("volumes").get(0).asText();
    String[] sides = mount.split(":(?=\\$)");
    assertEquals(2, sides.length, mount);
    assertEquals(sides[0], sides[1], "the warehouse at the same path: " + mount);
    assertTrue(sides[0].endsWith("/warehouse") && sides[0].contains("BENCHLAKE_HOME"), mount);
    assertTrue(
        services.get("mariadb").get("command").asText().contains("--bind-address=127.0.0.1"));
    services.forEach(
        s -> {
          assertEquals("host", s.get("network_mode").asText(), "one network, loopback only");
          assertTrue(!s.has("ports"), "host networking publishes no ports");
          JsonNode env = s.get("environment");
          for (String secret : List.of("MARIADB_PASSWORD", "MARIADB_ROOT_PASSWORD")) {
            assertTrue(env == null || !env.has(secret), "no password in the file: " + secret);
          }
        });
  }
}
