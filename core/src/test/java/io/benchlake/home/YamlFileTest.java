package io.benchlake.home;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Mistakes in a YAML file are reported at the line of the key or list element they are in. */
class YamlFileTest {
  /** A list element that checks its values, as the records files are mapped onto do. */
  record Server(String name, Integer port, Map<String, String> settings) {
    Server {
      if (port != null && port < 1) {
        throw new IllegalArgumentException("port must be at least 1, was " + port);
      }
    }
  }

  record Config(String name, List<Server> servers) {}

  private static final String CONFIG =
      """
      name: nightly
      servers:
        - name: a
          port: 3306
          settings: {name: x}
        - name: b
          port: 3307
          settings:
            name: y
      """;

  private static BadInputException mistake(String text) {
    return assertThrows(
        BadInputException.class, () -> YamlFile.parse(text, "c.yaml", Config.class, "config"));
  }

  @Test
  void aValueThatIsNotANumberIsReportedAtItsLineNotAtTheSameKeyElsewhere() {
    BadInputException e = mistake(CONFIG.replace("port: 3307", "port: many"));
    assertEquals(
        "c.yaml:7: Cannot deserialize value of type `java.lang.Integer` from String \"many\":"
            + " not a valid `java.lang.Integer` value (at servers[1].port)",
        e.getMessage());
  }

  @Test
  void anUnknownKeyIsReportedAtItsOwnLineNotWhereTheSameNameIsKnown() {
    // 'port' is known in a server (lines 4 and 7), not at the top
    BadInputException e = mistake(CONFIG + "port: 3308\n");
    assertEquals("c.yaml:10: unknown key 'port' (known: name, servers)", e.getMessage());
    BadInputException nested = mistake(CONFIG.replace("    port: 3307", "    title: b"));
    assertEquals(
        "c.yaml:7: unknown key 'title' (known: name, port, settings)", nested.getMessage());
  }

  @Test
  void aCheckOfAWholeElementFailingIsReportedAtTheElementsFirstLine() {
    BadInputException e = mistake(CONFIG.replace("port: 3307", "port: 0"));
    assertEquals("c.yaml:6: port must be at least 1, was 0 (at servers[1])", e.getMessage());
  }

  @Test
  void aWrongValueInAFlowMappingIsReportedAtItsLine() {
    BadInputException e = mistake(CONFIG.replace("{name: x}", "{name: [x, y]}"));
    assertEquals(5, lineOf(e));
  }

  @Test
  void theLinesOfKeysAreFoundByTheirPathInTheFile() {
    YamlLines lines = YamlFile.lines(CONFIG);
    assertEquals(1, lines.line(List.of("name")));
    assertEquals(2, lines.line(List.of("servers")));
    assertEquals(0, lines.line(List.of("port")), "no port at the top");
    assertEquals(0, lines.line(List.of("servers", "title")));
  }

  @Test
  void textThatIsNotYamlIsReportedAtTheLineTheParserStoppedOn() {
    BadInputException e = mistake("name: a\nservers:\n  - name: b\n   port: [1\n");
    assertTrue(e.getMessage().startsWith("c.yaml:4: not valid YAML: "), e.getMessage());
    assertTrue(e.getMessage().contains("expected <block end>"), e.getMessage());
    BadInputException top = mistake("name: a\n  title: b: c\n");
    assertTrue(top.getMessage().startsWith("c.yaml:2: not valid YAML: "), top.getMessage());
  }

  private static long lineOf(BadInputException e) {
    String[] parts = e.getMessage().split(":", 3);
    return Long.parseLong(parts[1]);
  }
}
