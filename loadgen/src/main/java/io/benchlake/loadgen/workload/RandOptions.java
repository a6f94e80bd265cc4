package io.benchlake.loadgen.workload;

import java.util.Locale;

/** sysbench's --rand-* options: the default distribution of row ids and its parameters. */
public record RandOptions(
    Type type, int specIter, int specPct, int specRes, double paretoH, double zipfExp) {

  /** The distributions sysbench 1.0 offers. */
  public enum Type {
    UNIFORM,
    GAUSSIAN,
    SPECIAL,
    PARETO,
    ZIPFIAN;

    public static Type of(String name) {
      try {
        return valueOf(name.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new InvalidOption(
            "rand-type",
            "must be one of uniform, gaussian, special, pareto, zipfian, was '" + name + "'");
      }
    }

    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  public RandOptions {
    if (specIter < 1) {
      throw new InvalidOption("rand-spec-iter", "must be at least 1, was " + specIter);
    }
    if (specPct < 0 || specPct > 100) {
      throw new InvalidOption("rand-spec-pct", "must be 0..100, was " + specPct);
    }
    if (specRes < 0 || specRes >= 100) {
      throw new InvalidOption("rand-spec-res", "must be 0..99, was " + specRes);
    }
    if (!(paretoH > 0 && paretoH < 1)) {
      throw new InvalidOption("rand-pareto-h", "must be in (0, 1), was " + paretoH);
    }
    if (!(zipfExp > 0)) {
      throw new InvalidOption("rand-zipfian-exp", "must be more than 0, was " + zipfExp);
    }
  }

  /** sysbench 1.0.20's defaults: special, 12 iterations, 1% of the range, 75% of the values. */
  public static RandOptions defaults() {
    return new RandOptions(Type.SPECIAL, 12, 1, 75, 0.2, 0.8);
  }
}
