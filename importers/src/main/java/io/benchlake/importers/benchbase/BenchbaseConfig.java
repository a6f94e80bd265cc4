package io.benchlake.importers.benchbase;

import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXParseException;

/**
 * What a BenchBase {@code *.config.xml} (the workload configuration, connection details removed)
 * says of the run: terminals, scale factor, isolation, batch size and each phase's time, warm-up,
 * rate and weights, and the transaction types. The URL, user and password are never read.
 */
public record BenchbaseConfig(
    Integer terminals,
    String scaleFactor,
    String isolation,
    String batchSize,
    List<Phase> phases,
    List<String> transactionTypes) {

  /** One {@code <work>} phase: seconds measured and warmed up, rate and weights as written. */
  public record Phase(Double timeS, Double warmupS, String rate, String weights) {}

  public BenchbaseConfig {
    phases = List.copyOf(phases);
    transactionTypes = List.copyOf(transactionTypes);
  }

  /** The seconds the phases measure, when each names its time. */
  public Double measuredS() {
    if (phases.isEmpty() || phases.stream().anyMatch(p -> p.timeS() == null)) {
      return null;
    }
    return phases.stream().mapToDouble(Phase::timeS).sum();
  }

  /** The first phase's warm-up, when it names one. */
  public Double warmupS() {
    return phases.isEmpty() ? null : phases.get(0).warmupS();
  }

  public static BenchbaseConfig parse(SourceFile file) {
    Document doc = document(file);
    Element root = doc.getDocumentElement();
    if (!"parameters".equals(root.getTagName())) {
      throw BadInputException.at(
          file.name(),
          1,
          "expected a BenchBase configuration (<parameters>), found <" + root.getTagName() + ">");
    }
    String terminals = child(root, "terminals");
    Integer count = null;
    if (terminals != null) {
      try {
        count = Integer.parseInt(terminals);
      } catch (NumberFormatException e) {
        count = -1;
      }
      if (count < 1) {
        throw BadInputException.at(
            file.name(),
            lineOf(file, "<terminals>"),
            "<terminals> is '" + terminals + "'; expected a whole number, 1 or more");
      }
    }
    List<Phase> phases = new ArrayList<>();
    for (Element works : elements(root, "works")) {
      for (Element work : elements(works, "work")) {
        phases.add(
            new Phase(
                seconds(file, work, "time"),
                seconds(file, work, "warmup"),
                child(work, "rate"),
                child(work, "weights")));
      }
    }
    List<String> types = new ArrayList<>();
    for (Element list : elements(root, "transactiontypes")) {
      for (Element type : elements(list, "transactiontype")) {
        String name = child(type, "name");
        if (name != null) {
          types.add(name);
        }
      }
    }
    return new BenchbaseConfig(
        count,
        child(root, "scalefactor"),
        child(root, "isolation"),
        child(root, "batchsize"),
        phases,
        types);
  }

  /** Parsed without DTDs or external entities: a results file is data, never instructions. */
  private static Document document(SourceFile file) {
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setXIncludeAware(false);
      f.setExpandEntityReferences(false);
      DocumentBuilder b = f.newDocumentBuilder();
      b.setErrorHandler(new org.xml.sax.helpers.DefaultHandler()); // throws, prints nothing
      byte[] bytes = (String.join("\n", file.lines()) + "\n").getBytes(StandardCharsets.UTF_8);
      return b.parse(new ByteArrayInputStream(bytes));
    } catch (SAXParseException e) {
      throw BadInputException.at(
          file.name(),
          Math.max(1, e.getLineNumber()),
          "not a BenchBase configuration (XML): " + e.getMessage());
    } catch (org.xml.sax.SAXException | IOException e) {
      throw BadInputException.at(file.name(), 1, "not XML: " + e.getMessage());
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Double seconds(SourceFile file, Element work, String tag) {
    String text = child(work, tag);
    if (text == null) {
      return null;
    }
    try {
      double v = Double.parseDouble(text);
      if (Double.isFinite(v) && v >= 0 && v <= 1e7) {
        return v;
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw BadInputException.at(
        file.name(),
        lineOf(file, "<" + tag + ">"),
        "<" + tag + "> is '" + text + "'; expected seconds from 0 to 10^7");
  }

  /** The text of the first direct child {@code tag}, stripped; null when absent or empty. */
  private static String child(Element parent, String tag) {
    List<Element> found = elements(parent, tag);
    if (found.isEmpty()) {
      return null;
    }
    String text = found.get(0).getTextContent().strip();
    return text.isEmpty() ? null : text;
  }

  private static List<Element> elements(Element parent, String tag) {
    List<Element> out = new ArrayList<>();
    NodeList nodes = parent.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node n = nodes.item(i);
      if (n instanceof Element e && e.getTagName().equals(tag)) {
        out.add(e);
      }
    }
    return out;
  }

  private static int lineOf(SourceFile file, String text) {
    for (int i = 0; i < file.lines().size(); i++) {
      if (file.lines().get(i).contains(text)) {
        return i + 1;
      }
    }
    return 1;
  }
}
