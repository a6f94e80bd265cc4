package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.RandomKeys;

/** The c and pad values of sysbench's oltp_common.lua: groups of 11 random digits joined by '-'. */
final class SysbenchStrings {
  private SysbenchStrings() {}

  /** 10 groups: 119 characters, as sysbench's c_value_template. */
  static String c(RandomKeys keys) {
    return groups(keys, 10);
  }

  /** 5 groups: 59 characters, as sysbench's pad_value_template. */
  static String pad(RandomKeys keys) {
    return groups(keys, 5);
  }

  private static String groups(RandomKeys keys, int count) {
    char[] out = new char[count * 12 - 1];
    int at = 0;
    for (int g = 0; g < count; g++) {
      if (g > 0) {
        out[at++] = '-';
      }
      for (int d = 0; d < 11; d++) {
        out[at++] = (char) ('0' + keys.digit());
      }
    }
    return new String(out);
  }
}
