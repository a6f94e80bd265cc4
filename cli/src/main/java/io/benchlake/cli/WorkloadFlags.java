package io.benchlake.cli;

import io.benchlake.loadgen.LoadGenerator;
import io.benchlake.loadgen.workload.OptionSpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Every workload option of both families (sysbench's OLTP ones, then TPROC-C's) as a flag of the
 * run verb, added from the families' option lists so that a new option needs no code here.
 */
final class WorkloadFlags {
  private static final List<OptionSpec> OPTIONS = LoadGenerator.workloadOptions();

  private WorkloadFlags() {}

  static void addTo(CommandLine run) {
    for (OptionSpec o : OPTIONS) {
      boolean onOff = o.defaultValue().equals("on") || o.defaultValue().equals("off");
      CommandLine.Model.OptionSpec.Builder option =
          CommandLine.Model.OptionSpec.builder("--" + o.name())
              .paramLabel(onOff ? "on|off" : "VALUE")
              .type(String.class)
              .description(o.description() + " (default: " + o.defaultValue() + ")");
      if (onOff) { // --skip-trx alone is on, as in sysbench
        option.arity("0..1").fallbackValue("on");
      }
      run.getCommandSpec().addOption(option.build());
    }
  }

  /** The workload options the command line gave, by name. */
  static Map<String, String> given(CommandLine.ParseResult parsed) {
    Map<String, String> options = new LinkedHashMap<>();
    for (OptionSpec o : OPTIONS) {
      String value = parsed.matchedOptionValue("--" + o.name(), null);
      if (value != null) {
        options.put(o.name(), value);
      }
    }
    return options;
  }
}
