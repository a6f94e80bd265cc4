package io.benchlake.importers.hammerdb;

import io.benchlake.importers.SourceFile;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * hdbtcount.log: the transaction counter's tpm samples, one series per log header (the file is
 * appended to), timed when {@code tcset timestamps 1} was on.
 */
final class HammerdbCounterLog {
  static final Pattern HEADER = Pattern.compile("^Hammerdb Transaction Counter Log @ (.+)$");
  static final Pattern SAMPLE = Pattern.compile("^(\\d+) (\\S+) tpm(?: @ (.+))?$");

  private HammerdbCounterLog() {}

  static void read(SourceFile f, List<String> lines, HammerdbFile out) {
    List<HammerdbFile.CounterSample> series = null;
    String db = "";
    String where = out.at(0);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      Matcher m;
      if (line.isEmpty() || HammerdbProfileLog.SEPARATOR.matcher(line).matches()) {
        continue;
      }
      if (HEADER.matcher(line).matches()) {
        close(out, db, series, where);
        series = new ArrayList<>();
        where = out.at(i);
      } else if ((m = SAMPLE.matcher(line)).matches()) {
        series = series == null ? new ArrayList<>() : series;
        db = m.group(2);
        series.add(sample(m, out.at(i)));
      } else {
        throw f.error(i, "expected a counter line (N MariaDB tpm [@ time]), found '" + line + "'");
      }
    }
    close(out, db, series, where);
    if (out.counters.isEmpty()) {
      throw f.error(0, "the counter log has no samples (N MariaDB tpm)");
    }
  }

  /** One {@code N DB tpm [@ clock]} line. */
  static HammerdbFile.CounterSample sample(Matcher m, String where) {
    return new HammerdbFile.CounterSample(
        m.group(3) == null ? Optional.empty() : HammerdbClock.tcl(m.group(3), where),
        Long.parseLong(m.group(1)));
  }

  private static void close(
      HammerdbFile out, String db, List<HammerdbFile.CounterSample> series, String where) {
    if (series != null && !series.isEmpty()) {
      out.counters.add(new HammerdbFile.Counter(db, List.copyOf(series), where));
    }
  }
}
