package io.benchlake.importers.benchbase;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlake.home.BadInputException;
import io.benchlake.importers.SourceFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds BenchBase's result sets under the directories (or beside the files) given: the files
 * DBWorkload writes as {@code BASE.summary.json}, {@code BASE.samples.csv}, {@code
 * BASE.results.csv}, {@code BASE.results.<Tx>.csv}, {@code BASE.params.json}, {@code
 * BASE.metrics.json}, {@code BASE.config.xml} and {@code BASE.raw.csv}, grouped by directory and
 * BASE. Other files are left alone; {@code BASE.raw.csv} (one row per transaction, often gigabytes)
 * is never opened.
 */
public final class BenchbaseDirectory {
  private BenchbaseDirectory() {}

  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i).*(password|passwd|secret|_key$|token|_auth$).*");
  static final String MASK = "***";

  /** The kinds of file a result set has, by the suffix after its base name. */
  enum Kind {
    SUMMARY(".summary.json"),
    SAMPLES(".samples.csv"),
    RESULTS(".results.csv"),
    TRANSACTION(".results."),
    PARAMS(".params.json"),
    METRICS(".metrics.json"),
    CONFIG(".config.xml"),
    RAW(".raw.csv");

    final String suffix;

    Kind(String suffix) {
      this.suffix = suffix;
    }
  }

  /** One file of a result set: its kind, base name and, for a per-transaction file, the name. */
  record Member(Path path, Kind kind, String base, String transaction) {}

  /** The file's place in a result set, if its name is one BenchBase writes. */
  static Optional<Member> member(Path path) {
    String name = path.getFileName().toString();
    for (Kind k : Kind.values()) {
      if (k == Kind.TRANSACTION) {
        int at = name.indexOf(k.suffix);
        if (at > 0 && name.endsWith(".csv") && !name.endsWith(Kind.RESULTS.suffix)) {
          String tx = name.substring(at + k.suffix.length(), name.length() - ".csv".length());
          if (!tx.isEmpty()) {
            return Optional.of(new Member(path, k, name.substring(0, at), tx));
          }
        }
      } else if (name.endsWith(k.suffix) && name.length() > k.suffix.length()) {
        return Optional.of(
            new Member(path, k, name.substring(0, name.length() - k.suffix.length()), null));
      }
    }
    return Optional.empty();
  }

  /**
   * Every result set under {@code paths}, in directory and name order; a set that cannot be read is
   * handed to {@code failed} (and skipped) when given, else refused.
   */
  public static List<BenchbaseResultSet> read(
      List<Path> paths, Consumer<BadInputException> failed) {
    Map<String, List<Member>> sets = new TreeMap<>();
    for (Path given : paths) {
      List<Path> files;
      Optional<String> onlyBase = Optional.empty();
      if (Files.isDirectory(given)) {
        files = walk(given);
      } else if (Files.isRegularFile(given)) {
        Member m =
            member(given)
                .orElseThrow(
                    () ->
                        new BadInputException(
                            given
                                + ": not a BenchBase output (BASE.summary.json, .samples.csv, …):"
                                + " give the directory of its result sets"));
        onlyBase = Optional.of(m.base());
        files = siblings(given);
      } else {
        throw new BadInputException(given + ": no such file or directory");
      }
      for (Path f : files) {
        Optional<Member> m = member(f);
        if (m.isPresent() && onlyBase.map(b -> b.equals(m.get().base())).orElse(true)) {
          Path dir = f.getParent();
          sets.computeIfAbsent(dir + "/" + m.get().base(), k -> new ArrayList<>()).add(m.get());
        }
      }
    }
    if (sets.values().stream().allMatch(s -> s.stream().allMatch(m -> m.kind() == Kind.RAW))) {
      throw new BadInputException(
          String.join(", ", paths.stream().map(Path::toString).toList())
              + ": no BenchBase result set (no *.summary.json) found");
    }
    List<BenchbaseResultSet> out = new ArrayList<>();
    for (List<Member> members : sets.values()) {
      if (members.stream().allMatch(m -> m.kind() == Kind.RAW)) {
        continue; // a raw file alone holds no result BenchBase summarised
      }
      try {
        out.add(readSet(members));
      } catch (BadInputException e) {
        if (failed == null) {
          throw e;
        }
        failed.accept(e);
      }
    }
    return out;
  }

  static BenchbaseResultSet readSet(List<Member> members) {
    Map<Kind, Member> one = new LinkedHashMap<>();
    Map<String, Member> transactions = new TreeMap<>();
    for (Member m : members) {
      if (m.kind() == Kind.TRANSACTION) {
        transactions.put(m.transaction(), m);
      } else {
        one.put(m.kind(), m);
      }
    }
    Member first = members.get(0);
    String base = first.base();
    if (!one.containsKey(Kind.SUMMARY)) {
      Member any = members.stream().filter(m -> m.kind() != Kind.RAW).findFirst().orElse(first);
      throw BadInputException.at(
          any.path().toString(),
          1,
          "no "
              + base
              + ".summary.json beside it: a BenchBase result set is read from its summary");
    }
    SourceFile summaryFile = SourceFile.read(one.get(Kind.SUMMARY).path());
    BenchbaseSummary summary = BenchbaseSummary.parse(summaryFile);
    if (!one.containsKey(Kind.SAMPLES)) {
      throw BadInputException.at(
          summaryFile.name(),
          1,
          "no "
              + base
              + ".samples.csv beside this summary: a BenchBase result set is read with its"
              + " per-second samples");
    }
    List<SourceFile> files = new ArrayList<>(List.of(summaryFile));
    SourceFile samplesFile = SourceFile.read(one.get(Kind.SAMPLES).path());
    files.add(samplesFile);
    List<BenchbaseCsv.SecondSample> samples = BenchbaseCsv.samples(samplesFile);
    List<BenchbaseCsv.Window> windows = List.of();
    if (one.containsKey(Kind.RESULTS)) {
      SourceFile f = SourceFile.read(one.get(Kind.RESULTS).path());
      files.add(f);
      windows = BenchbaseCsv.windows(f);
    }
    Map<String, List<BenchbaseCsv.Window>> perTransaction = new LinkedHashMap<>();
    for (Map.Entry<String, Member> e : transactions.entrySet()) {
      SourceFile f = SourceFile.read(e.getValue().path());
      files.add(f);
      perTransaction.put(e.getKey(), BenchbaseCsv.windows(f));
    }
    Map<String, String> parameters = Map.of();
    if (one.containsKey(Kind.PARAMS)) {
      SourceFile f = SourceFile.read(one.get(Kind.PARAMS).path());
      files.add(f);
      parameters = parameters(f);
    }
    int counters = -1;
    if (one.containsKey(Kind.METRICS)) {
      SourceFile f = SourceFile.read(one.get(Kind.METRICS).path());
      files.add(f);
      counters = leaves(JsonLines.object(f, "BenchBase's DBMS metrics"));
    }
    Optional<BenchbaseConfig> config = Optional.empty();
    if (one.containsKey(Kind.CONFIG)) {
      SourceFile f = SourceFile.read(one.get(Kind.CONFIG).path());
      files.add(f);
      config = Optional.of(BenchbaseConfig.parse(f));
    }
    if (summary.terminals() == null && config.map(BenchbaseConfig::terminals).isEmpty()) {
      throw BadInputException.at(
          summaryFile.name(),
          1,
          "no 'terminals' in the summary and no "
              + base
              + ".config.xml with <terminals>: the thread count is unknown");
    }
    return new BenchbaseResultSet(
        base,
        summaryFile,
        summary,
        samplesFile,
        samples,
        windows,
        perTransaction,
        parameters,
        config,
        counters,
        files);
  }

  /** The DBMS's variables as written, the values of secret-looking names masked. */
  static Map<String, String> parameters(SourceFile file) {
    JsonNode n = JsonLines.object(file, "BenchBase's DBMS parameters");
    Map<String, String> out = new TreeMap<>();
    var fields = n.fields();
    while (fields.hasNext()) {
      var e = fields.next();
      if (!e.getValue().isValueNode()) {
        continue; // a collector's nested view, not a setting
      }
      String value = e.getValue().isNull() ? null : e.getValue().asText();
      out.put(
          e.getKey(),
          value != null && !value.isEmpty() && SECRET_NAME.matcher(e.getKey()).matches()
              ? MASK
              : value);
    }
    out.values().removeIf(v -> v == null);
    return out;
  }

  private static int leaves(JsonNode n) {
    if (n.isValueNode()) {
      return 1;
    }
    int count = 0;
    for (JsonNode c : n) {
      count += leaves(c);
    }
    return count;
  }

  private static List<Path> siblings(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(Files::isRegularFile)
          .map(f -> file.resolveSibling(f.getFileName()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new BadInputException(dir + ": " + e.getMessage());
    }
  }

  private static List<Path> walk(Path root) {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(Files::isRegularFile).sorted().toList();
    } catch (IOException e) {
      throw new BadInputException(root + ": " + e.getMessage());
    }
  }
}
