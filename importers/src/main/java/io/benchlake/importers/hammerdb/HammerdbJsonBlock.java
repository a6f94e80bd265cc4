package io.benchlake.importers.hammerdb;

import java.util.List;

/** Where a JSON value printed over several transcript lines ends: where its brackets balance. */
final class HammerdbJsonBlock {
  private HammerdbJsonBlock() {}

  /** The index after the last line of the value that starts at {@code (from, column)}, or -1. */
  static int end(List<String> lines, int from, int column) {
    int depth = 0;
    boolean inString = false;
    for (int i = from; i < lines.size(); i++) {
      String l = lines.get(i);
      for (int c = i == from ? column : 0; c < l.length(); c++) {
        char ch = l.charAt(c);
        if (inString) {
          if (ch == '\\') {
            c++;
          } else if (ch == '"') {
            inString = false;
          }
        } else if (ch == '"') {
          inString = true;
        } else if (ch == '{' || ch == '[') {
          depth++;
        } else if (ch == '}' || ch == ']') {
          depth--;
          if (depth == 0) {
            return i + 1;
          }
        }
      }
    }
    return -1;
  }
}
