package io.benchlake.analytics.query;

import java.util.ArrayList;
import java.util.List;

/** Splits SQL text into statements at semicolons outside quotes and comments. */
public final class SqlScript {
  private SqlScript() {}

  public static List<String> split(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '\'' || c == '"') {
        int end = i + 1;
        while (end < text.length()) {
          if (text.charAt(end) == c) {
            if (end + 1 < text.length() && text.charAt(end + 1) == c) {
              end += 2; // a doubled quote inside the literal
              continue;
            }
            break;
          }
          end++;
        }
        end = Math.min(end + 1, text.length());
        current.append(text, i, end);
        i = end;
      } else if (c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
        int end = text.indexOf('\n', i);
        i = end < 0 ? text.length() : end;
      } else if (c == ';') {
        add(out, current);
        i++;
      } else {
        current.append(c);
        i++;
      }
    }
    add(out, current);
    return out;
  }

  /** True when the text ends a statement: a semicolon outside quotes closes it. */
  public static boolean complete(String text) {
    String t = text.strip();
    return t.endsWith(";") && !openQuote(t);
  }

  private static boolean openQuote(String text) {
    boolean single = false;
    boolean dbl = false;
    for (char c : text.toCharArray()) {
      if (c == '\'' && !dbl) {
        single = !single;
      } else if (c == '"' && !single) {
        dbl = !dbl;
      }
    }
    return single || dbl;
  }

  private static void add(List<String> out, StringBuilder current) {
    String s = current.toString().strip();
    if (!s.isEmpty()) {
      out.add(s);
    }
    current.setLength(0);
  }
}
