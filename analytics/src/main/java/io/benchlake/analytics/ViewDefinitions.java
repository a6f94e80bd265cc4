package io.benchlake.analytics;

import io.benchlake.analytics.query.SqlScript;
import io.benchlake.warehouse.WarehouseTable;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The views and macros of {@code sql/}, one statement each, with the names each one uses: what a
 * session needs to create for the queries it will run. Creating a view binds it, and binding a view
 * binds every view under it down to the Parquet footers, so a command that creates only the views
 * its queries reach starts faster (`changes` skips config_diff, comparison, samples, ...). A name
 * defined earlier is taken as used wherever it appears as a word outside comments and string
 * literals: at worst that creates a view more than needed, never one less.
 */
public final class ViewDefinitions {
  private static final Pattern DEFINES =
      Pattern.compile(
          "(?is)\\s*CREATE\\s+(?:OR\\s+REPLACE\\s+)?(?:VIEW|MACRO)\\s+([A-Za-z_][A-Za-z0-9_]*)\\b.*");
  private static final Pattern WORD = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern STRING_LITERAL = Pattern.compile("'(?:[^']|'')*'");

  private static final Pattern CREATE_VIEW =
      Pattern.compile("(?is)(\\s*CREATE\\s+)(?:OR\\s+REPLACE\\s+)?VIEW(\\s.*)");

  /** One statement of a script: the view or macro it creates, and the names it uses. */
  public record Definition(String script, String name, String sql, Set<String> uses) {
    /**
     * The statement that creates this view as a table of its rows instead: a session reads one
     * commit's files, so the rows are those the view would give at every use, computed once.
     */
    public String tableSql() {
      Matcher m = CREATE_VIEW.matcher(sql);
      if (!m.matches()) {
        throw new IllegalStateException(name + " is not a view: it cannot be made a table");
      }
      return m.group(1) + "OR REPLACE TABLE" + m.group(2);
    }
  }

  /**
   * What a session creates: the raw views of these tables (in {@link WarehouseTable} order), then
   * these definitions (in script order, which defines every name before its first use).
   */
  public record Selection(List<WarehouseTable> tables, List<Definition> definitions) {}

  private record Statement(String script, String name, String sql) {}

  private final Map<String, Definition> byName;

  private ViewDefinitions(Map<String, Definition> byName) {
    this.byName = byName;
  }

  /** The definitions of the {@code sql/} scripts shipped in this jar. */
  public static ViewDefinitions load() {
    return of(ViewScripts.load());
  }

  static ViewDefinitions of(List<ViewScripts.Script> scripts) {
    Map<String, Definition> byName = new LinkedHashMap<>();
    Set<String> raw = new HashSet<>();
    for (WarehouseTable table : WarehouseTable.values()) {
      raw.add(RawTables.viewName(table));
    }
    List<Statement> statements = new ArrayList<>();
    for (ViewScripts.Script script : scripts) {
      for (String sql : SqlScript.split(script.sql())) {
        Matcher m = DEFINES.matcher(sql);
        if (!m.matches()) {
          throw new IllegalStateException(
              "sql/"
                  + script.name()
                  + ": a statement that creates no view or macro: "
                  + sql.lines().findFirst().orElse(sql));
        }
        statements.add(new Statement(script.name(), m.group(1).toLowerCase(Locale.ROOT), sql));
      }
    }
    // a statement can use only what is defined before it (DuckDB binds a view as it creates it):
    // a later name among its words is a column or an alias (runs has a column `iterations`)
    Set<String> known = new HashSet<>(raw);
    for (Statement s : statements) {
      Set<String> uses = new HashSet<>(words(s.sql()));
      uses.retainAll(known);
      uses.remove(s.name());
      if (!known.add(s.name())) {
        // one name, one definition: which one a session got would hang on what else it needed
        throw new IllegalStateException(
            "sql/" + s.script() + ": " + s.name() + " is defined a second time");
      }
      byName.put(s.name(), new Definition(s.script(), s.name(), s.sql(), Set.copyOf(uses)));
    }
    return new ViewDefinitions(byName);
  }

  /** The SHA-256 (hex) of every definition's text, in order. */
  public String digest() {
    try {
      java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
      for (Definition d : byName.values()) {
        md.update(d.sql().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        md.update((byte) 0);
      }
      return java.util.HexFormat.of().formatHex(md.digest());
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  /** Every raw view and every definition: what `benchlake sql` and the reports are given. */
  public Selection all() {
    return new Selection(List.of(WarehouseTable.values()), List.copyOf(byName.values()));
  }

  /** The raw views and definitions that {@code queries} (SQL texts) use, directly or below. */
  public Selection reachedBy(Collection<String> queries) {
    Set<String> reached = reached(queries);
    List<WarehouseTable> tables =
        List.of(WarehouseTable.values()).stream()
            .filter(t -> reached.contains(RawTables.viewName(t)))
            .toList();
    List<Definition> definitions =
        byName.values().stream().filter(d -> reached.contains(d.name())).toList();
    return new Selection(tables, definitions);
  }

  /**
   * The definitions {@code queries} reach that are not among {@code created}, in script order: what
   * a session made for other queries creates before it runs these.
   */
  public List<Definition> missingFor(Collection<String> queries, Set<String> created) {
    Set<String> reached = reached(queries);
    return byName.values().stream()
        .filter(d -> reached.contains(d.name()) && !created.contains(d.name()))
        .toList();
  }

  private Set<String> reached(Collection<String> queries) {
    Set<String> reached = new HashSet<>();
    Deque<String> pending = new ArrayDeque<>();
    for (String query : queries) {
      pending.addAll(words(query));
    }
    while (!pending.isEmpty()) {
      String name = pending.pop();
      if (reached.add(name) && byName.containsKey(name)) {
        pending.addAll(byName.get(name).uses());
      }
    }
    return reached;
  }

  /** The words of a SQL text outside comments and string literals, in lower case. */
  static Set<String> words(String sql) {
    Set<String> words = new HashSet<>();
    for (String statement : SqlScript.split(sql)) {
      Matcher m = WORD.matcher(STRING_LITERAL.matcher(statement).replaceAll(" "));
      while (m.find()) {
        words.add(m.group().toLowerCase(Locale.ROOT));
      }
    }
    return words;
  }
}
