package io.benchlake.loadgen.workload.oltp;

import io.benchlake.loadgen.workload.OptionSpec;
import io.benchlake.loadgen.workload.Workload;
import io.benchlake.loadgen.workload.WorkloadFamily;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/** sysbench's OLTP scripts: oltp_read_write and its kin, over sbtest tables. */
public final class OltpFamily implements WorkloadFamily<OltpOptions> {
  public static final OltpFamily INSTANCE = new OltpFamily();

  private final Map<String, Function<OltpOptions, Workload>> byName = new LinkedHashMap<>();

  private OltpFamily() {
    List<StatementGroup> reads = StatementGroup.READS;
    List<StatementGroup> writes = StatementGroup.WRITES;
    List<StatementGroup> all = Stream.concat(reads.stream(), writes.stream()).toList();
    byName.put("oltp_read_write", o -> OltpWorkload.transactional("oltp_read_write", o, all));
    byName.put("oltp_read_only", o -> OltpWorkload.transactional("oltp_read_only", o, reads));
    byName.put("oltp_write_only", o -> OltpWorkload.transactional("oltp_write_only", o, writes));
    byName.put("oltp_point_select", OltpWorkload::pointSelect);
    byName.put("oltp_insert", OltpInsert::new);
    byName.put("oltp_delete", o -> OltpWorkload.single("oltp_delete", o, StatementGroup.DELETES));
    byName.put(
        "oltp_update_index",
        o -> OltpWorkload.single("oltp_update_index", o, StatementGroup.INDEX_UPDATES));
    byName.put(
        "oltp_update_non_index",
        o -> OltpWorkload.single("oltp_update_non_index", o, StatementGroup.NON_INDEX_UPDATES));
    byName.put("select_random_points", SelectRandomPoints::new);
    byName.put("select_random_ranges", SelectRandomRanges::new);
    byName.put("bulk_insert", BulkInsert::new);
  }

  @Override
  public List<String> workloads() {
    return List.copyOf(byName.keySet());
  }

  @Override
  public List<OptionSpec> specs() {
    return OltpOptions.SPECS;
  }

  @Override
  public OltpOptions options(Map<String, String> given) {
    return OltpOptions.from(given);
  }

  @Override
  public Workload create(String name, OltpOptions options) {
    return byName.get(name).apply(options);
  }

  @Override
  public DataShape shape(OltpOptions options) {
    return new DataShape(
        options.tables(), options.tableSize(), null, options.rand().type().label());
  }

  @Override
  public Class<OltpOptions> optionsType() {
    return OltpOptions.class;
  }
}
