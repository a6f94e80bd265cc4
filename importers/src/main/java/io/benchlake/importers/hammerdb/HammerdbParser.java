package io.benchlake.importers.hammerdb;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.benchlake.importers.SourceFile;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Reads one of HammerDB's TPROC-C outputs (docs/import.md), recognised by its content: a CLI
 * transcript or hammerdb.log, the xtprof time profile (hdbxtprofile.log), the transaction counter
 * log (hdbtcount.log), or the JSON of the jobs interface.
 */
public final class HammerdbParser {
  private static final ObjectMapper JSON = new ObjectMapper();

  private HammerdbParser() {}

  static HammerdbFile read(SourceFile f) {
    HammerdbFile out = new HammerdbFile(f);
    List<String> lines = f.lines().stream().map(l -> l.replaceAll("[\\r\\s]+$", "")).toList();
    String first = lines.stream().filter(l -> !l.isBlank()).findFirst().orElse("").strip();
    Optional<JsonNode> json =
        first.startsWith("{") || first.startsWith("[")
            ? whole(String.join("\n", lines))
            : Optional.empty();
    if (json.isPresent()) {
      if (!HammerdbJobsJson.read(json.get(), out, 0, null)) {
        throw f.error(
            0, "JSON that is neither a HammerDB job result, timing, tcount, output nor job report");
      }
    } else if (lines.stream()
        .anyMatch(l -> HammerdbProfileLog.HEADER.matcher(l.strip()).matches())) {
      HammerdbProfileLog.read(f, lines, out);
    } else if (lines.stream()
        .anyMatch(l -> HammerdbCounterLog.HEADER.matcher(l.strip()).matches())) {
      HammerdbCounterLog.read(f, lines, out);
    } else {
      HammerdbTranscript.read(lines, out);
    }
    if (out.isEmpty()) {
      throw f.error(
          0,
          "not HammerDB output: no TEST RESULT, monitor lines (Vuser 1:…), time profile or counter samples");
    }
    return out;
  }

  /** The file as one JSON value, if it is one (a transcript may also start with a JSON line). */
  private static Optional<JsonNode> whole(String text) {
    try (var parser = JSON.createParser(text)) {
      JsonNode node = JSON.readTree(parser);
      return parser.nextToken() == null ? Optional.ofNullable(node) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
