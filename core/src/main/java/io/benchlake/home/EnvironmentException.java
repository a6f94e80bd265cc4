package io.benchlake.home;

/**
 * The environment is not usable: the event log is not the one the warehouse was built from, a
 * warehouse file is damaged, the broker went away, the disk is full. The message names what and
 * where and how to recover; the launcher prints it as one line, exit 6.
 */
public class EnvironmentException extends RuntimeException {
  public EnvironmentException(String message) {
    super(message);
  }

  public EnvironmentException(String message, Throwable cause) {
    super(message, cause);
  }
}
