package io.benchlake.web;

import io.benchlake.home.BadInputException;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/** A request's parameters, read with the one-line 400 a bad one gets. */
final class Params {
  private static final int MAX_LENGTH = 200;

  private Params() {}

  /** The parameter, or null when absent or blank. */
  static String text(Context ctx, String name) {
    String v = ctx.queryParam(name);
    if (v == null || v.isBlank()) {
      return null;
    }
    if (v.length() > MAX_LENGTH && !"q".equals(name)) {
      throw new BadInputException("parameter " + name + " is longer than " + MAX_LENGTH);
    }
    return v.strip();
  }

  static String required(Context ctx, String name) {
    String v = text(ctx, name);
    if (v == null) {
      throw new BadInputException("parameter " + name + " is required");
    }
    return v;
  }

  static int integer(Context ctx, String name, int orElse, int min, int max) {
    String v = text(ctx, name);
    if (v == null) {
      return orElse;
    }
    return parse(name, v, min, max);
  }

  static Integer optionalInteger(String name, String v, int min, int max) {
    return v == null || v.isBlank() ? null : parse(name, v.strip(), min, max);
  }

  private static int parse(String name, String v, int min, int max) {
    try {
      int n = Integer.parseInt(v);
      if (n < min || n > max) {
        throw new BadInputException(
            "parameter " + name + " must be between " + min + " and " + max + ", was " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new BadInputException("parameter " + name + " must be a whole number, was '" + v + "'");
    }
  }

  static String oneOf(Context ctx, String name, String orElse, Set<String> allowed) {
    String v = text(ctx, name);
    if (v == null) {
      return orElse;
    }
    if (!allowed.contains(v)) {
      throw new BadInputException(
          "parameter "
              + name
              + " must be one of "
              + new java.util.TreeSet<>(allowed)
              + ", was '"
              + v
              + "'");
    }
    return v;
  }

  /** A comma-separated list (values may repeat the parameter too), in order, blanks dropped. */
  static List<String> list(Context ctx, String name) {
    List<String> out = new ArrayList<>();
    for (String v : ctx.queryParams(name)) {
      Arrays.stream(v.split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(out::add);
    }
    return out;
  }
}
