package io.benchlake.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The benchlake modules a pom declares: its own dependencies and every profile's, whatever the
 * scope or activation (a profile active by default is as real as the top-level list).
 */
public final class PomArrows {
  private PomArrows() {}

  private static final String GROUP = "io.benchlake";
  private static final String PREFIX = "benchlake-";

  /** {@code from} depends on {@code to}, declared {@code where} ("dependencies", "profile x"). */
  public record Arrow(String from, String to, String where) {
    @Override
    public String toString() {
      return from + " -> " + to + ("dependencies".equals(where) ? "" : " (" + where + ")");
    }
  }

  /** The module a pom builds: its artifactId less {@code benchlake-}. */
  public static String module(Path pom) {
    Element project = read(pom).getDocumentElement();
    Element artifact = first(project, "artifactId");
    if (artifact == null || !artifact.getTextContent().trim().startsWith(PREFIX)) {
      throw new AssertionError(pom + ": no artifactId benchlake-<module>");
    }
    return artifact.getTextContent().trim().substring(PREFIX.length());
  }

  /** The benchlake modules {@code pom} depends on, top level and in every profile. */
  public static List<Arrow> declared(Path pom) {
    String module = module(pom);
    Element project = read(pom).getDocumentElement();
    List<Arrow> arrows = new ArrayList<>();
    collect(module, first(project, "dependencies"), "dependencies", arrows);
    for (Element profile : grandChildren(project, "profiles", "profile")) {
      Element id = first(profile, "id");
      String where = "profile " + (id == null ? "without id" : id.getTextContent().trim());
      collect(module, first(profile, "dependencies"), where, arrows);
    }
    return arrows;
  }

  /** The modules of a root pom, top level and in every profile. */
  public static List<String> modules(Path rootPom) {
    Element project = read(rootPom).getDocumentElement();
    List<String> modules = new ArrayList<>();
    grandChildren(project, "modules", "module")
        .forEach(m -> modules.add(m.getTextContent().trim()));
    for (Element profile : grandChildren(project, "profiles", "profile")) {
      grandChildren(profile, "modules", "module")
          .forEach(m -> modules.add(m.getTextContent().trim()));
    }
    return modules;
  }

  private static void collect(String module, Element deps, String where, List<Arrow> out) {
    if (deps == null) {
      return;
    }
    for (Element dep : children(deps, "dependency")) {
      Element group = first(dep, "groupId");
      Element artifact = first(dep, "artifactId");
      if (group == null || artifact == null) {
        continue; // not a benchlake module: those always name their group
      }
      String name = artifact.getTextContent().trim();
      if (group.getTextContent().trim().equals(GROUP) && name.startsWith(PREFIX)) {
        out.add(new Arrow(module, name.substring(PREFIX.length()), where));
      }
    }
  }

  private static Document read(Path pom) {
    if (!Files.isRegularFile(pom)) {
      throw new AssertionError("no pom at " + pom.toAbsolutePath());
    }
    try {
      return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
    } catch (Exception e) {
      throw new AssertionError(pom + ": not a readable pom: " + e.getMessage(), e);
    }
  }

  private static List<Element> grandChildren(Element parent, String child, String grandChild) {
    Element middle = first(parent, child);
    return middle == null ? List.of() : children(middle, grandChild);
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
