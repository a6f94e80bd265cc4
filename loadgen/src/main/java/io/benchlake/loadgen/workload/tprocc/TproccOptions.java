package io.benchlake.loadgen.workload.tprocc;

import io.benchlake.loadgen.workload.InvalidOption;
import io.benchlake.loadgen.workload.OptionSpec;
import io.benchlake.loadgen.workload.OptionValues;
import io.benchlake.loadgen.workload.RandOptions;
import io.benchlake.loadgen.workload.WorkloadOptions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of the TPROC-C workload, named after HammerDB's (count_ware, num_vu, allwarehouse,
 * keyandthink); {@link #SPECS} is the one list the command line, plan files and help are made from.
 * Ramp-up and timed duration are the run's --rampup (--warmup-time) and --duration.
 */
public record TproccOptions(
    int warehouses,
    int buildVu,
    boolean allWarehouses,
    boolean keyingAndThinking,
    String storageEngine,
    long randSeed,
    boolean partitioned)
    implements WorkloadOptions {

  public static final List<OptionSpec> SPECS =
      List.of(
          new OptionSpec("warehouses", "1", "Number of TPROC-C warehouses (HammerDB count_ware)"),
          new OptionSpec(
              "build-vu", "1", "Virtual users loading the warehouses in parallel (num_vu)"),
          new OptionSpec(
              "all-warehouses",
              "off",
              "Each virtual user picks any warehouse per transaction, not its home one"),
          new OptionSpec(
              "keying-and-thinking",
              "off",
              "TPC-C keying and thinking times between transactions (keyandthink)"),
          new OptionSpec("tprocc-storage-engine", "innodb", "Storage engine of the TPC-C tables"),
          new OptionSpec("tprocc-seed", "0", "Seed of the random numbers; 0: the current time"),
          new OptionSpec(
              "partition",
              "off",
              "Range-partition order_line by warehouse (HammerDB's partition, for large W)"));

  public TproccOptions {
    if (warehouses < 1) {
      throw new InvalidOption(
          "warehouses",
          "must be at least 1, was " + warehouses + " (TPROC-C needs data to run on)");
    }
    OptionValues.requireAtLeast("build-vu", buildVu, 1);
    if (!storageEngine.matches("[A-Za-z0-9_]+")) {
      throw new InvalidOption(
          "tprocc-storage-engine", "must be an engine name, was '" + storageEngine + "'");
    }
  }

  public static TproccOptions defaults(int warehouses) {
    return from(Map.of("warehouses", String.valueOf(warehouses)));
  }

  /** Options from name → value pairs; the rest keep their defaults. */
  public static TproccOptions from(Map<String, String> given) {
    OptionValues v = OptionValues.of(SPECS, given);
    return new TproccOptions(
        v.integer("warehouses"),
        v.integer("build-vu"),
        v.bool("all-warehouses"),
        v.bool("keying-and-thinking"),
        v.text("tprocc-storage-engine"),
        v.longValue("tprocc-seed"),
        v.bool("partition"));
  }

  @Override
  public Map<String, String> asMap() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("warehouses", String.valueOf(warehouses));
    m.put("build-vu", String.valueOf(buildVu));
    m.put("all-warehouses", OptionValues.onOff(allWarehouses));
    m.put("keying-and-thinking", OptionValues.onOff(keyingAndThinking));
    m.put("tprocc-storage-engine", storageEngine);
    m.put("tprocc-seed", String.valueOf(randSeed));
    m.put("partition", OptionValues.onOff(partitioned));
    return m;
  }

  @Override
  public int loaders() {
    return buildVu;
  }

  /** TPC-C draws its own non-uniform keys (NURand); the workers' key source is uniform. */
  @Override
  public RandOptions rand() {
    return new RandOptions(RandOptions.Type.UNIFORM, 12, 1, 75, 0.2, 0.8);
  }
}
