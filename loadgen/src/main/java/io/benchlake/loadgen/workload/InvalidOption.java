package io.benchlake.loadgen.workload;

/**
 * A run option or plan key with a value that cannot be used: which key ({@code threads}, {@code
 * rand-type}, ...) and why. The message names it as the command line does ({@code --threads ...});
 * a plan file's reader finds the key's line from {@link #key} instead.
 */
public final class InvalidOption extends IllegalArgumentException {
  private final String key;
  private final String reason;

  /** {@code reason} continues the sentence {@code --key}, e.g. "must be at least 1, was 0". */
  public InvalidOption(String key, String reason) {
    super("--" + key + " " + reason);
    this.key = key;
    this.reason = reason;
  }

  /** The option's name without dashes, as a plan file spells it. */
  public String key() {
    return key;
  }

  public String reason() {
    return reason;
  }
}
