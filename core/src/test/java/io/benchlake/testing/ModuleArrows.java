package io.benchlake.testing;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.lang.ArchRule;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The arrows of docs/modules.md: which benchlake modules each module may depend on, and which
 * packages each module owns. One rule set for every module's build: its pom (profiles included) and
 * its compiled classes (main and test) are checked against it by {@link ModuleArchitectureTest}.
 */
public final class ModuleArrows {
  private ModuleArrows() {}

  /** The unnamed package, as ArchUnit names it: matches its own classes only. */
  private static final String UNNAMED = "";

  /** Every module but the launcher and the cross-module tests: what those two may use. */
  private static final Set<String> LIBRARIES =
      Set.of(
          "core",
          "schemas",
          "warehouse",
          "bus",
          "loadgen",
          "importers",
          "ingest",
          "analytics",
          "changepoints",
          "alerts",
          "web");

  /**
   * A module may depend on these modules and no others, in any scope. {@code ingest} never depends
   * on {@code alerts}: it offers a commit listener that cli wires to it. {@code changepoints}, the
   * detector, is pure: core only.
   */
  public static final Map<String, Set<String>> ALLOWED =
      Map.ofEntries(
          Map.entry("core", Set.of()),
          Map.entry("schemas", Set.of("core")),
          Map.entry("warehouse", Set.of("core")),
          Map.entry("bus", Set.of("schemas", "core")),
          Map.entry("loadgen", Set.of("schemas", "core")),
          Map.entry("importers", Set.of("bus", "schemas", "core")),
          Map.entry("ingest", Set.of("bus", "warehouse", "schemas", "core")),
          Map.entry("changepoints", Set.of("core")),
          Map.entry("analytics", Set.of("changepoints", "warehouse", "core")),
          Map.entry("alerts", Set.of("analytics", "changepoints", "bus", "schemas", "core")),
          Map.entry("web", Set.of("analytics", "alerts", "changepoints", "core")),
          Map.entry("cli", LIBRARIES),
          Map.entry("it", LIBRARIES), // the cross-module tests: never the launcher
          Map.entry("bench", LIBRARIES)); // the benches' programs: never the launcher

  /**
   * The packages (with their subpackages) whose classes a module holds. The benches' programs are
   * single source files run as {@code java bench/X.java}: the unnamed package ({@code ""}, itself
   * only), and their tests {@code io.benchlake.bench}.
   */
  public static Set<String> packages(String module) {
    return switch (module) {
      case "core" -> Set.of("io.benchlake.core", "io.benchlake.home", "io.benchlake.testing");
      case "bench" -> Set.of("io.benchlake.bench", UNNAMED);
      default -> Set.of("io.benchlake." + module);
    };
  }

  /** The benchlake arrows in {@code declared} that {@link #ALLOWED} does not allow, sorted. */
  public static List<String> violations(Collection<PomArrows.Arrow> declared) {
    List<String> wrong = new ArrayList<>();
    for (PomArrows.Arrow arrow : declared) {
      Set<String> allowed = ALLOWED.get(arrow.from());
      if (allowed == null) {
        wrong.add(arrow + " (" + arrow.from() + " has no arrows in ModuleArrows.ALLOWED)");
      } else if (!allowed.contains(arrow.to()) && !arrow.to().equals(arrow.from())) {
        wrong.add(arrow.toString());
      }
    }
    wrong.sort(null);
    return wrong;
  }

  /**
   * Classes of {@code module} use benchlake classes only of its own packages and of the modules its
   * arrows allow; anything outside {@code io.benchlake} is the pom's and dependency:analyze's.
   */
  public static ArchRule classesFollowTheArrows(String module) {
    Set<String> reachable = new TreeSet<>(ownPackages(module));
    knownArrows(module).forEach(to -> reachable.addAll(packages(to)));
    return classes()
        .should()
        .onlyDependOnClassesThat(
            resideOutsideOfPackage("io.benchlake..").or(resideInAnyPackage(patterns(reachable))))
        .because(module + " may depend on " + new TreeSet<>(ALLOWED.get(module)) + " only");
  }

  /** Classes of {@code module} live in the packages it owns (no class in another's package). */
  public static ArchRule classesLiveInTheirModulesPackages(String module) {
    knownArrows(module);
    return classes()
        .should()
        .resideInAnyPackage(patterns(ownPackages(module)))
        .because("a package belongs to one module (" + module + ": " + packages(module) + ")");
  }

  private static Set<String> knownArrows(String module) {
    Set<String> allowed = ALLOWED.get(module);
    if (allowed == null) {
      throw new AssertionError(
          "module "
              + module
              + " has no arrows: add them to ModuleArrows.ALLOWED and docs/modules.md");
    }
    return allowed;
  }

  private static Set<String> ownPackages(String module) {
    return new TreeSet<>(packages(module));
  }

  private static String[] patterns(Collection<String> packages) {
    return packages.stream()
        .map(p -> p.equals(UNNAMED) ? p : p + "..") // a package and its subpackages
        .toArray(String[]::new);
  }
}
