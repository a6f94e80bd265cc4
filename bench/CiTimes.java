import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * bench/ci-times' reading of the surefire and failsafe reports a build left
 * (MODULE/target/{surefire,failsafe}-reports/TEST-*.xml): per module the seconds of its unit tests
 * and of its ITs and its test methods (a parameterized test counts once, as the issue counts), then
 * the slowest test classes. The seconds are the classes' own, summed; with two test JVMs per module
 * (benchlake.test.forks) they run side by side, so each kind also has its wall time: from the first
 * class's start (its report's time before the report was written) to the last report.
 */
public class CiTimes {
  private static final String REPORTS = "(surefire|failsafe)-reports";

  record Suite(
      String module, String kind, String name, double seconds, Set<String> methods, double end) {}

  public static void main(String[] args) throws Exception {
    Path root = Path.of(args.length > 0 ? args[0] : ".");
    int slowest = args.length > 1 && args[1].matches("\\d+") ? Integer.parseInt(args[1]) : -1;
    if (!Files.isDirectory(root) || slowest == 0 || (args.length > 1 && slowest < 0)) {
      System.err.println(
          "bench/ci-times: "
              + (Files.isDirectory(root)
                  ? "SLOWEST must be a whole number above 0, was '" + args[1] + "'"
                  : root + " is not a directory (a build's top, as after mvn -B verify)"));
      System.exit(2);
    }
    slowest = slowest < 0 ? 15 : slowest;
    List<Suite> suites = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root, 4)) {
      for (Path f :
          files
              .filter(p -> p.getFileName().toString().matches("TEST-.*\\.xml"))
              .filter(p -> p.getParent().getFileName().toString().matches(REPORTS))
              .sorted()
              .toList()) {
        Element suite =
            DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(f.toFile())
                .getDocumentElement();
        Set<String> methods = new TreeSet<>();
        NodeList cases = suite.getElementsByTagName("testcase");
        for (int i = 0; i < cases.getLength(); i++) {
          Element c = (Element) cases.item(i);
          String method = c.getAttribute("name").replaceAll("[(\\[].*", "");
          methods.add(c.getAttribute("classname") + "#" + method);
        }
        String module = root.relativize(f).getName(0).toString();
        String kind = f.getParent().getFileName().toString().startsWith("surefire") ? "Test" : "IT";
        double seconds = Double.parseDouble(suite.getAttribute("time"));
        double end = Files.getLastModifiedTime(f).toMillis() / 1000.0;
        suites.add(new Suite(module, kind, suite.getAttribute("name"), seconds, methods, end));
      }
    }
    // per module: *Test s, *IT s, methods, then each kind's first start and last end
    Map<String, double[]> modules = new TreeMap<>();
    for (Suite s : suites) {
      double[] m =
          modules.computeIfAbsent(
              s.module(), k -> new double[] {0, 0, 0, Double.MAX_VALUE, 0, Double.MAX_VALUE, 0});
      int kind = s.kind().equals("Test") ? 0 : 1;
      m[kind] += s.seconds();
      m[2] += s.methods().size();
      m[3 + 2 * kind] = Math.min(m[3 + 2 * kind], s.end() - s.seconds());
      m[4 + 2 * kind] = Math.max(m[4 + 2 * kind], s.end());
    }
    String row = "%-12s %10.1f %10.1f %10.1f %10.1f %8d%n";
    System.out.printf(
        Locale.ROOT,
        "%-12s %10s %10s %10s %10s %8s%n",
        "module",
        "*Test s",
        "wall",
        "*IT s",
        "wall",
        "methods");
    double[] total = new double[5];
    modules.forEach(
        (name, m) -> {
          double[] r = {m[0], wall(m[3], m[4]), m[1], wall(m[5], m[6]), m[2]};
          System.out.printf(Locale.ROOT, row, name, r[0], r[1], r[2], r[3], (int) r[4]);
          for (int i = 0; i < 5; i++) {
            total[i] += r[i];
          }
        });
    System.out.printf(
        Locale.ROOT, row, "all", total[0], total[1], total[2], total[3], (int) total[4]);
    System.out.println();
    System.out.println("slowest classes:");
    suites.stream()
        .sorted((a, b) -> Double.compare(b.seconds(), a.seconds()))
        .limit(slowest)
        .forEach(
            s ->
                System.out.printf(
                    Locale.ROOT,
                    "%8.1f s  %-10s %s (%d methods)%n",
                    s.seconds(),
                    s.module(),
                    s.name(),
                    s.methods().size()));
  }

  private static double wall(double start, double end) {
    return end > 0 ? end - start : 0;
  }
}
