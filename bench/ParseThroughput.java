import io.benchlake.importers.SourceFile;
import io.benchlake.importers.sysbench.SysbenchLogParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The sysbench log parser's throughput once the JIT has warmed up (the whole command's figure is
 * dominated by JVM start and JIT warm-up on inputs of tens of MB): read + parse of every file of
 * a tree, on all cores, best of five rounds after two warm-up rounds.
 */
public class ParseThroughput {
  public static void main(String[] args) throws Exception {
    List<Path> files;
    try (var walk = Files.walk(Path.of(args[0]))) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    long bytes = 0;
    for (Path p : files) {
      bytes += Files.size(p);
    }
    double best = Double.MAX_VALUE;
    for (int round = 0; round < 7; round++) {
      long t0 = System.nanoTime();
      long parsed = files.parallelStream().map(p -> SysbenchLogParser.parse(SourceFile.read(p))).toList().size();
      double s = (System.nanoTime() - t0) / 1e9;
      if (round >= 2) {
        best = Math.min(best, s);
      }
      if (parsed != files.size()) {
        throw new IllegalStateException("parsed " + parsed + " of " + files.size());
      }
    }
    System.out.printf("parser, warm, %d cores: %.1f MB/s (%d files, %.1f MB, best of 5: %.3f s)%n",
        Runtime.getRuntime().availableProcessors(), bytes / 1e6 / best, files.size(), bytes / 1e6, best);
  }
}
