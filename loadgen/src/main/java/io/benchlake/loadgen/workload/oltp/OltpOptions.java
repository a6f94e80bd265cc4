package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.InvalidOption;
import io.benchlake.loadgen.workload.OptionSpec;
import io.benchlake.loadgen.workload.OptionValues;
import io.benchlake.loadgen.workload.RandOptions;
import io.benchlake.loadgen.workload.WorkloadOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of sysbench's oltp_* and select_random_* scripts and of its random numbers, with
 * sysbench 1.0.20's names and defaults; {@link #SPECS} is the one list the command line, plan files
 * and help are made from.
 */
public record OltpOptions(
    int tables,
    long tableSize,
    int rangeSize,
    int pointSelects,
    int simpleRanges,
    int sumRanges,
    int orderRanges,
    int distinctRanges,
    int indexUpdates,
    int nonIndexUpdates,
    int deleteInserts,
    boolean rangeSelects,
    boolean skipTrx,
    boolean autoInc,
    boolean secondary,
    boolean createSecondary,
    String storageEngine,
    int randomPoints,
    int numberOfRanges,
    int delta,
    RandOptions rand,
    long randSeed,
    boolean serverPreparedStatements,
    boolean ssl,
    boolean compression)
    implements WorkloadOptions {

  public static final List<OptionSpec> SPECS =
      List.of(
          new OptionSpec("tables", "1", "Number of tables"),
          new OptionSpec("table-size", "10000", "Number of rows per table"),
          new OptionSpec("range-size", "100", "Range size for range SELECT queries"),
          new OptionSpec("point-selects", "10", "Number of point SELECT queries per transaction"),
          new OptionSpec(
              "simple-ranges", "1", "Number of simple range SELECT queries per transaction"),
          new OptionSpec("sum-ranges", "1", "Number of SELECT SUM() queries per transaction"),
          new OptionSpec("order-ranges", "1", "Number of SELECT ORDER BY queries per transaction"),
          new OptionSpec(
              "distinct-ranges", "1", "Number of SELECT DISTINCT queries per transaction"),
          new OptionSpec("index-updates", "1", "Number of UPDATE index queries per transaction"),
          new OptionSpec(
              "non-index-updates", "1", "Number of UPDATE non-index queries per transaction"),
          new OptionSpec(
              "delete-inserts", "1", "Number of DELETE/INSERT combinations per transaction"),
          new OptionSpec("range-selects", "on", "Enable/disable all range SELECT queries"),
          new OptionSpec(
              "skip-trx", "off", "Run every query in autocommit mode, without BEGIN/COMMIT"),
          new OptionSpec(
              "auto-inc", "on", "Use an AUTO_INCREMENT primary key; off: client-generated ids"),
          new OptionSpec("secondary", "off", "Use a secondary index in place of the PRIMARY KEY"),
          new OptionSpec("create-secondary", "on", "Create a secondary index on k after loading"),
          new OptionSpec("mysql-storage-engine", "innodb", "Storage engine of the sbtest tables"),
          new OptionSpec(
              "random-points",
              "10",
              "Number of random points in the IN() clause (select_random_points)"),
          new OptionSpec(
              "number-of-ranges",
              "10",
              "Number of random BETWEEN ranges per SELECT (select_random_ranges)"),
          new OptionSpec("delta", "5", "Size of BETWEEN ranges (select_random_ranges)"),
          new OptionSpec(
              "rand-type",
              "special",
              "Distribution of row ids: uniform, gaussian, special, pareto, zipfian"),
          new OptionSpec(
              "rand-spec-iter", "12", "Iterations of the special and gaussian distributions"),
          new OptionSpec(
              "rand-spec-pct", "1", "Percentage of the range where 'special' values fall"),
          new OptionSpec("rand-spec-res", "75", "Percentage of 'special' values"),
          new OptionSpec("rand-pareto-h", "0.2", "Shape parameter of the Pareto distribution"),
          new OptionSpec("rand-zipfian-exp", "0.8", "Exponent (theta) of the Zipfian distribution"),
          new OptionSpec("rand-seed", "0", "Seed of the random numbers; 0: the current time"),
          new OptionSpec(
              "db-ps-mode",
              "auto",
              "Prepared statements: auto (on the server), disable (statements sent as text)"),
          new OptionSpec(
              "mysql-ssl", "off", "TLS to the server, encrypted without checking its certificate"),
          new OptionSpec("mysql-compression", "off", "Compressed client/server protocol"));

  public OltpOptions {
    OptionValues.requireAtLeast("tables", tables, 1);
    OptionValues.requireAtLeast("table-size", tableSize, 1);
    OptionValues.requireAtLeast("range-size", rangeSize, 1);
    OptionValues.requireAtLeast("point-selects", pointSelects, 0);
    OptionValues.requireAtLeast("simple-ranges", simpleRanges, 0);
    OptionValues.requireAtLeast("sum-ranges", sumRanges, 0);
    OptionValues.requireAtLeast("order-ranges", orderRanges, 0);
    OptionValues.requireAtLeast("distinct-ranges", distinctRanges, 0);
    OptionValues.requireAtLeast("index-updates", indexUpdates, 0);
    OptionValues.requireAtLeast("non-index-updates", nonIndexUpdates, 0);
    OptionValues.requireAtLeast("delete-inserts", deleteInserts, 0);
    OptionValues.requireAtLeast("random-points", randomPoints, 1);
    OptionValues.requireAtLeast("number-of-ranges", numberOfRanges, 1);
    OptionValues.requireAtLeast("delta", delta, 0);
    if (!storageEngine.matches("[A-Za-z0-9_]+")) {
      throw new InvalidOption(
          "mysql-storage-engine", "must be an engine name, was '" + storageEngine + "'");
    }
  }

  /** sysbench's defaults for every option. */
  public static OltpOptions defaults() {
    return from(Map.of());
  }

  /** sysbench's defaults with the table count and size given. */
  public static OltpOptions defaults(int tables, long tableSize) {
    return from(Map.of("tables", String.valueOf(tables), "table-size", String.valueOf(tableSize)));
  }

  /**
   * Options from name → value pairs (names as in {@link #SPECS}, with '-' or '_'); the rest keep
   * their defaults. Throws IllegalArgumentException naming the option for an unknown name or a
   * value of the wrong kind.
   */
  public static OltpOptions from(Map<String, String> given) {
    OptionValues v = OptionValues.of(SPECS, given);
    return new OltpOptions(
        v.integer("tables"),
        v.longValue("table-size"),
        v.integer("range-size"),
        v.integer("point-selects"),
        v.integer("simple-ranges"),
        v.integer("sum-ranges"),
        v.integer("order-ranges"),
        v.integer("distinct-ranges"),
        v.integer("index-updates"),
        v.integer("non-index-updates"),
        v.integer("delete-inserts"),
        v.bool("range-selects"),
        v.bool("skip-trx"),
        v.bool("auto-inc"),
        v.bool("secondary"),
        v.bool("create-secondary"),
        v.text("mysql-storage-engine"),
        v.integer("random-points"),
        v.integer("number-of-ranges"),
        v.integer("delta"),
        new RandOptions(
            RandOptions.Type.of(v.text("rand-type")),
            v.integer("rand-spec-iter"),
            v.integer("rand-spec-pct"),
            v.integer("rand-spec-res"),
            v.decimal("rand-pareto-h"),
            v.decimal("rand-zipfian-exp")),
        v.longValue("rand-seed"),
        switch (v.text("db-ps-mode")) {
          case "auto" -> true;
          case "disable" -> false;
          default ->
              throw new InvalidOption(
                  "db-ps-mode", "expects auto or disable, was '" + v.text("db-ps-mode") + "'");
        },
        v.bool("mysql-ssl"),
        v.bool("mysql-compression"));
  }

  /** sysbench's prepare loads the tables in parallel, one loader per table up to the CPUs. */
  @Override
  public int loaders() {
    return Math.max(1, Math.min(tables, Runtime.getRuntime().availableProcessors()));
  }

  /** Every option with its value, as sysbench would print them. */
  public Map<String, String> asMap() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("tables", String.valueOf(tables));
    m.put("table-size", String.valueOf(tableSize));
    m.put("range-size", String.valueOf(rangeSize));
    m.put("point-selects", String.valueOf(pointSelects));
    m.put("simple-ranges", String.valueOf(simpleRanges));
    m.put("sum-ranges", String.valueOf(sumRanges));
    m.put("order-ranges", String.valueOf(orderRanges));
    m.put("distinct-ranges", String.valueOf(distinctRanges));
    m.put("index-updates", String.valueOf(indexUpdates));
    m.put("non-index-updates", String.valueOf(nonIndexUpdates));
    m.put("delete-inserts", String.valueOf(deleteInserts));
    m.put("range-selects", OptionValues.onOff(rangeSelects));
    m.put("skip-trx", OptionValues.onOff(skipTrx));
    m.put("auto-inc", OptionValues.onOff(autoInc));
    m.put("secondary", OptionValues.onOff(secondary));
    m.put("create-secondary", OptionValues.onOff(createSecondary));
    m.put("mysql-storage-engine", storageEngine);
    m.put("random-points", String.valueOf(randomPoints));
    m.put("number-of-ranges", String.valueOf(numberOfRanges));
    m.put("delta", String.valueOf(delta));
    m.put("rand-type", rand.type().label());
    m.put("rand-spec-iter", String.valueOf(rand.specIter()));
    m.put("rand-spec-pct", String.valueOf(rand.specPct()));
    m.put("rand-spec-res", String.valueOf(rand.specRes()));
    m.put("rand-pareto-h", String.valueOf(rand.paretoH()));
    m.put("rand-zipfian-exp", String.valueOf(rand.zipfExp()));
    m.put("rand-seed", String.valueOf(randSeed));
    m.put("db-ps-mode", serverPreparedStatements ? "auto" : "disable");
    m.put("mysql-ssl", OptionValues.onOff(ssl));
    m.put("mysql-compression", OptionValues.onOff(compression));
    return m;
  }

  @Override
  public Map<String, String> connectionProperties() {
    Map<String, String> p = new LinkedHashMap<>(WorkloadOptions.super.connectionProperties());
    if (ssl) {
      p.put("sslMode", "trust"); // sysbench's --mysql-ssl: encrypted, the certificate not checked
    }
    if (compression) {
      p.put("useCompression", "true");
    }
    return p;
  }
}
