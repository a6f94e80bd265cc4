package io.benchlake.web;

import io.benchlake.analytics.QueryResult;
import io.benchlake.analytics.query.OutputFormat;
import io.benchlake.analytics.query.ResultFormatter;
import io.javalin.http.Context;
import java.util.Set;

/** A table sent as CSV or JSON (the same text as {@code benchlake sql --format csv|json}). */
final class Downloads {
  static final Set<String> TABLE_FORMATS = Set.of("html", "csv", "json");

  private Downloads() {}

  /** The page's format parameter: html (the page), csv or json. */
  static String format(Context ctx) {
    return Params.oneOf(ctx, "format", "html", TABLE_FORMATS);
  }

  /** Answers with {@code table} as {@code format} (csv or json), named {@code name}. */
  static void send(Context ctx, QueryResult table, String format, String name) {
    if ("csv".equals(format)) {
      file(ctx, ResultFormatter.render(table, OutputFormat.CSV), "text/csv", name + ".csv");
    } else {
      json(ctx, ResultFormatter.render(table, OutputFormat.JSON));
    }
  }

  static void json(Context ctx, String json) {
    ctx.contentType("application/json; charset=utf-8").result(json);
  }

  static void file(Context ctx, String text, String type, String fileName) {
    ctx.header("Content-Disposition", "attachment; filename=\"" + fileName + "\"")
        .contentType(type + "; charset=utf-8")
        .result(text);
  }
}
