package io.benchlake.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The build checks the architecture (3/3): each module depends only on the modules its arrows
 * allow. The poms are what is checked: dependency:analyze fails the build when code uses a module
 * its pom does not declare, so a declared dependency is the only way an arrow can exist.
 */
class ModuleArrowsTest {
  /** Every module but the launcher: what cli and the cross-module tests may use. */
  private static final Set<String> LIBRARIES =
      Set.of(
          "loadgen",
          "importers",
          "ingest",
          "analytics",
          "alerts",
          "bus",
          "warehouse",
          "schemas",
          "core");

  /** The arrows (STYLE.md): a module may depend on these benchlake modules and no others. */
  static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          Map.entry("core", Set.of()),
          Map.entry("schemas", Set.of("core")),
          Map.entry("warehouse", Set.of("core")),
          Map.entry("bus", Set.of("schemas", "core")),
          Map.entry("loadgen", Set.of("schemas", "core")),
          Map.entry("importers", Set.of("bus", "schemas", "core")),
          Map.entry("ingest", Set.of("bus", "warehouse", "schemas", "core")),
          Map.entry("analytics", Set.of("warehouse", "core")),
          Map.entry("alerts", Set.of("analytics", "bus", "schemas", "core")),
          Map.entry("cli", LIBRARIES),
          Map.entry("it", LIBRARIES)); // the cross-module tests: never the launcher

  private static final String PREFIX = "benchlake-";

  @Test
  void everyModuleDependsOnlyAlongItsArrows() throws Exception {
    Map<String, Set<String>> declared = declaredArrows(root());
    assertEquals(ALLOWED.keySet(), declared.keySet(), "modules of the root pom vs. this test");
    List<String> wrong = violations(declared);
    assertTrue(wrong.isEmpty(), "arrows the wrong way: " + wrong);
  }

  @Test
  void aWrongArrowIsReported() {
    Map<String, Set<String>> declared = new TreeMap<>(ALLOWED);
    declared.put("analytics", Set.of("warehouse", "core", "bus"));
    declared.put("core", Set.of("schemas"));
    assertEquals(List.of("analytics -> bus", "core -> schemas"), violations(declared));
  }

  @Test
  void aModuleWithoutArrowsIsReported() {
    Map<String, Set<String>> declared = new TreeMap<>(ALLOWED);
    declared.put("web", Set.of("analytics"));
    assertEquals(List.of("web -> analytics (web has no arrows yet)"), violations(declared));
  }

  /** The arrows in {@code declared} that {@link #ALLOWED} does not allow, sorted. */
  static List<String> violations(Map<String, Set<String>> declared) {
    List<String> wrong = new ArrayList<>();
    new TreeMap<>(declared)
        .forEach(
            (module, deps) -> {
              Set<String> allowed = ALLOWED.get(module);
              for (String dep : new TreeSet<>(deps)) {
                if (allowed == null) {
                  wrong.add(module + " -> " + dep + " (" + module + " has no arrows yet)");
                } else if (!allowed.contains(dep)) {
                  wrong.add(module + " -> " + dep);
                }
              }
            });
    return wrong;
  }

  /** Per module of the root pom, the benchlake modules its pom depends on, in any scope. */
  static Map<String, Set<String>> declaredArrows(Path root) throws Exception {
    Map<String, Set<String>> arrows = new TreeMap<>();
    for (Element module : children(read(root.resolve("pom.xml")), "module")) {
      String name = module.getTextContent().trim();
      Set<String> deps = new TreeSet<>();
      Document pom = read(root.resolve(name).resolve("pom.xml"));
      Element dependencies = first(pom.getDocumentElement(), "dependencies");
      if (dependencies != null) {
        for (Element dep : children(dependencies, "dependency")) {
          String group = first(dep, "groupId").getTextContent().trim();
          String artifact = first(dep, "artifactId").getTextContent().trim();
          if (group.equals("io.benchlake") && artifact.startsWith(PREFIX)) {
            deps.add(artifact.substring(PREFIX.length()));
          }
        }
      }
      deps.remove(name); // a test-jar of its own is not an arrow
      arrows.put(name, deps);
    }
    return arrows;
  }

  private static Path root() {
    Path root = Path.of(System.getProperty("benchlake.root", ".."));
    assertTrue(Files.exists(root.resolve("pom.xml")), "no root pom at " + root.toAbsolutePath());
    return root;
  }

  private static Document read(Path pom) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
  }

  /** The direct child elements named {@code name} (the project's, not a profile's). */
  private static List<Element> children(Document doc, String name) {
    Element modules = first(doc.getDocumentElement(), "modules");
    return modules == null ? List.of() : children(modules, name);
  }

  private static List<Element> children(Element parent, String name) {
    List<Element> out = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      if (nodes.item(i) instanceof Element e && e.getTagName().equals(name)) {
        out.add(e);
      }
    }
    return out;
  }

  private static Element first(Element parent, String name) {
    List<Element> found = children(parent, name);
    return found.isEmpty() ? null : found.get(0);
  }
}
