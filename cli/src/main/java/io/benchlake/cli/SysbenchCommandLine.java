package io.benchlake.cli;

import io.benchlake.home.BadInputException;
import io.benchlake.loadgen.LoadGenerator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * A sysbench command line as the run verb takes it, so that {@code sysbench oltp_read_write
 * --table_size=1000 --num-threads=4 run} runs as {@code benchlake run oltp_read_write
 * --table_size=1000 --num-threads=4 run}:
 *
 * <ul>
 *   <li>option names with '_' where benchlake has '-' ({@code --table_size}, {@code
 *       --report_interval}), as sysbench accepts both;
 *   <li>the old names sysbench 1.0 still takes: {@code --num-threads}, {@code --max-time}, {@code
 *       --max-requests}, {@code --tx-rate};
 *   <li>an on/off option without a value is on ({@code --skip_trx run}), since sysbench takes
 *       values only after '=';
 *   <li>the test name and the command as positional words: {@code [TESTNAME]
 *       [prepare|run|cleanup]}.
 * </ul>
 */
final class SysbenchCommandLine {
  private static final Map<String, String> OLD_NAMES =
      Map.of(
          "--num-threads", "--threads",
          "--max-time", "--time",
          "--max-requests", "--events",
          "--tx-rate", "--rate");
  private static final Set<String> ON_OFF_WORDS =
      Set.of("on", "off", "true", "false", "yes", "no", "1", "0");

  /** sysbench's commands. */
  enum Command {
    PREPARE,
    PREWARM,
    RUN,
    CLEANUP,
    HELP;

    static Command of(String word) {
      return switch (word) {
        case "prepare" -> PREPARE;
        case "prewarm" -> PREWARM;
        case "run" -> RUN;
        case "cleanup" -> CLEANUP;
        case "help" -> HELP;
        default -> null;
      };
    }
  }

  /** What the positional words of a run name: a plan file or a workload, and a command. */
  record Positionals(Path planFile, String workload, Command command) {
    static final Positionals NONE = new Positionals(null, null, null);

    /**
     * {@code words}: PLAN, TESTNAME, COMMAND, PLAN COMMAND or TESTNAME COMMAND. A test name is a
     * workload's name, or a path to sysbench's script of it ({@code
     * /usr/share/sysbench/oltp_read_write.lua}).
     */
    static Positionals of(List<String> words) {
      if (words == null || words.isEmpty()) {
        return NONE;
      }
      String last = words.get(words.size() - 1);
      Command command = Command.of(last);
      if (command == null && words.size() == 2) {
        throw new BadInputException(
            "'"
                + last
                + "' is not a command benchlake runs (prepare, prewarm, run, cleanup or help)");
      }
      if (command != null && words.size() == 1) {
        return new Positionals(null, null, command);
      }
      String first = words.get(0);
      String workload = workloadOf(first);
      return workload != null
          ? new Positionals(null, workload, command)
          : new Positionals(Path.of(first), null, command);
    }

    private static String workloadOf(String word) {
      String name = Path.of(word).getFileName().toString();
      if (name.endsWith(".lua")) {
        name = name.substring(0, name.length() - ".lua".length());
      }
      return LoadGenerator.isWorkload(name) ? name : null;
    }
  }

  private SysbenchCommandLine() {}

  /** {@code args} of the run verb with sysbench's spellings of its options turned into its own. */
  static String[] respell(String[] args, CommandSpec run) {
    List<String> out = new ArrayList<>(args.length);
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (!arg.startsWith("--") || arg.equals("--")) {
        out.add(arg);
        if (arg.equals("--")) {
          out.addAll(List.of(args).subList(i + 1, args.length));
          break;
        }
        continue;
      }
      int eq = arg.indexOf('=');
      String name = eq < 0 ? arg : arg.substring(0, eq);
      String value = eq < 0 ? null : arg.substring(eq);
      String known = known(name, run);
      if (known == null) {
        out.add(arg); // picocli names it in its message, as typed
        continue;
      }
      OptionSpec option = run.findOption(known);
      boolean bareOnOff =
          value == null
              && option.arity().min() == 0
              && "on".equals(option.fallbackValue())
              && (i + 1 >= args.length
                  || !ON_OFF_WORDS.contains(args[i + 1].toLowerCase(Locale.ROOT)));
      out.add(known + (bareOnOff ? "=on" : value == null ? "" : value));
    }
    return out.toArray(String[]::new);
  }

  /** The run verb's own name for option {@code name}, or null when it has none. */
  private static String known(String name, CommandSpec run) {
    for (String candidate : List.of(name, name.replace('_', '-'))) {
      String renamed = OLD_NAMES.getOrDefault(candidate, candidate);
      if (run.findOption(renamed) != null) {
        return renamed;
      }
    }
    return null;
  }
}
