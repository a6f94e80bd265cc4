package io.benchlake.analytics.query;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits SQL text into statements at semicolons outside quotes and comments, as DuckDB reads them:
 * 'strings' and "identifiers" (a doubled quote inside), E'escape strings' (a backslash escapes the
 * next character), $$dollar$$ and $tag$quoted$tag$ strings, -- line comments and nested block
 * comments. Comments are left out of the statements.
 */
public final class SqlScript {
  private SqlScript() {}

  public static List<String> split(String text) {
    Scan scan = scan(text);
    return scan.statements();
  }

  /**
   * True when the text ends a statement: its last semicolon outside quotes and comments is its last
   * character but white space, and nothing is left open.
   */
  public static boolean complete(String text) {
    Scan scan = scan(text);
    return !scan.open() && scan.tail().isBlank() && !scan.statements().isEmpty();
  }

  /**
   * The statements ended by a semicolon or the end, what follows the last semicolon, and whether
   * the text ends inside a literal or a comment.
   */
  private record Scan(List<String> statements, String tail, boolean open) {}

  private static Scan scan(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean open = false;
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      int end;
      if (c == '\'' || c == '"') {
        boolean escapes = c == '\'' && escapeStringPrefix(text, i);
        end = quoted(text, i, c, escapes);
        open = end > n;
        end = Math.min(end, n);
        current.append(text, i, end);
      } else if (c == '$' && dollarTag(text, i) != null) {
        String tag = dollarTag(text, i);
        int close = text.indexOf(tag, i + tag.length());
        open = close < 0;
        end = close < 0 ? n : close + tag.length();
        current.append(text, i, end);
      } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
        int nl = text.indexOf('\n', i);
        end = nl < 0 ? n : nl;
      } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
        end = blockCommentEnd(text, i);
        open = end > n;
        end = Math.min(end, n);
        current.append(' ');
      } else if (c == ';') {
        add(out, current);
        end = i + 1;
      } else {
        current.append(c);
        end = i + 1;
      }
      i = end;
    }
    String tail = current.toString();
    add(out, current);
    return new Scan(out, tail, open);
  }

  /** The index after the literal starting at {@code start}, or past the end when it is open. */
  private static int quoted(String text, int start, char quote, boolean escapes) {
    int i = start + 1;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (escapes && c == '\\') {
        i += 2;
      } else if (c == quote) {
        if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
          i += 2; // a doubled quote inside the literal
        } else {
          return i + 1;
        }
      } else {
        i++;
      }
    }
    return text.length() + 1;
  }

  /** Whether the quote at {@code at} opens an escape string: E'...' after no identifier. */
  private static boolean escapeStringPrefix(String text, int at) {
    return at >= 1
        && (text.charAt(at - 1) == 'E' || text.charAt(at - 1) == 'e')
        && (at == 1 || !isIdentifierPart(text.charAt(at - 2)));
  }

  /** The $tag$ (or $$) that opens a dollar-quoted string at {@code at}, or null. */
  private static String dollarTag(String text, int at) {
    if (at > 0 && isIdentifierPart(text.charAt(at - 1))) {
      return null; // part of a name or a parameter, not a quote
    }
    int i = at + 1;
    while (i < text.length()
        && (Character.isLetter(text.charAt(i))
            || text.charAt(i) == '_'
            || (i > at + 1 && Character.isDigit(text.charAt(i))))) {
      i++;
    }
    return i < text.length() && text.charAt(i) == '$' ? text.substring(at, i + 1) : null;
  }

  /** The index after the block comment at {@code start} (nested ones too), or past the end. */
  private static int blockCommentEnd(String text, int start) {
    int depth = 0;
    int i = start;
    while (i + 1 < text.length()) {
      if (text.charAt(i) == '/' && text.charAt(i + 1) == '*') {
        depth++;
        i += 2;
      } else if (text.charAt(i) == '*' && text.charAt(i + 1) == '/') {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return text.length() + 1;
  }

  private static boolean isIdentifierPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  private static void add(List<String> out, StringBuilder current) {
    String s = current.toString().strip();
    if (!s.isEmpty()) {
      out.add(s);
    }
    current.setLength(0);
  }
}
