package io.benchlake.analytics.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Finds what differs between datasets apart from what a version or a start always changes: host
 * properties (but Disk, whose free space always moves), and settings present in every dataset with
 * different values.
 */
public final class Differences {
  /**
   * Variables that name the build, the paths or the instance rather than a setting: they differ
   * between any two versions or starts and would bury the settings someone changed.
   */
  private static final Pattern IDENTITY =
      Pattern.compile(
          "version.*|.*_version|innodb_version|hostname|server_uid|server_id|pid_file|basedir|datadir"
              + "|.*tmpdir|socket|.*port|plugin_dir|general_log_file|slow_query_log_file|log_error"
              + "|log_bin_basename|log_bin_index|relay_log.*|gtid_.*|.*_file_path|.*_filename"
              + "|character_sets_dir|lc_messages_dir|wsrep_.*|system_time_zone|timestamp"
              + "|last_.*|innodb_data_home_dir|innodb_log_group_home_dir|aria_log_dir_path"
              + "|innodb_buffer_pool_filename|secure_file_priv|license|protocol_version");

  private Differences() {}

  /**
   * The differences among {@code datasets}: System Info rows with more than one value, then the
   * settings (per source) that every dataset has and not all with the same value.
   */
  public static List<Difference> find(
      List<String> datasets, PropertyTable system, List<Setting> settings) {
    List<Difference> out = new ArrayList<>();
    if (datasets.size() < 2) {
      return out;
    }
    for (String name : system.names()) {
      if (name.equals("Disk")) {
        continue; // it carries the free space, which differs from one run to the next
      }
      Map<String, String> values = new LinkedHashMap<>();
      datasets.forEach(d -> values.put(d, system.value(d, name)));
      if (differ(values)) {
        out.add(new Difference("System", name, values));
      }
    }
    for (String source : List.of("cnf", "variable")) {
      List<Setting> fromSource = settings.stream().filter(s -> s.source().equals(source)).toList();
      TreeSet<String> names = new TreeSet<>();
      fromSource.forEach(s -> names.add(s.name()));
      for (String setting : names) {
        if (IDENTITY.matcher(setting).matches()) {
          continue;
        }
        Map<String, String> values = new LinkedHashMap<>();
        datasets.forEach(d -> values.put(d, null));
        for (Setting s : fromSource) {
          if (s.name().equals(setting) && values.containsKey(s.dataset())) {
            values.put(s.dataset(), s.value());
          }
        }
        boolean everywhere = values.values().stream().allMatch(Objects::nonNull);
        if ((everywhere || source.equals("cnf")) && differ(values)) {
          out.add(new Difference(source, setting, values));
        }
      }
    }
    return out;
  }

  private static boolean differ(Map<String, String> values) {
    return values.values().stream().map(v -> Objects.toString(v, "")).distinct().count() > 1;
  }
}
