package io.benchlake.loadgen.workload.tprocc;

import io.benchlake.loadgen.workload.OptionSpec;
import io.benchlake.loadgen.workload.Workload;
import io.benchlake.loadgen.workload.WorkloadFamily;
import java.util.List;
import java.util.Map;

/** HammerDB's TPROC-C: one workload with options of its own, sized in warehouses. */
public final class TproccFamily implements WorkloadFamily<TproccOptions> {
  public static final TproccFamily INSTANCE = new TproccFamily();

  private TproccFamily() {}

  @Override
  public List<String> workloads() {
    return List.of(TproccWorkload.NAME);
  }

  @Override
  public List<OptionSpec> specs() {
    return TproccOptions.SPECS;
  }

  @Override
  public TproccOptions options(Map<String, String> given) {
    return TproccOptions.from(given);
  }

  @Override
  public Workload create(String name, TproccOptions options) {
    return new TproccWorkload(options);
  }

  /** TPROC-C's keys are its own (NURand), so no sysbench distribution is reported. */
  @Override
  public DataShape shape(TproccOptions options) {
    return new DataShape(null, null, options.warehouses(), null);
  }

  @Override
  public Class<TproccOptions> optionsType() {
    return TproccOptions.class;
  }
}
