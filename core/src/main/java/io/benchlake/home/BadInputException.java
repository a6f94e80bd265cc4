package io.benchlake.home;

/**
 * A user mistake: bad flags, a bad file, a bad query. The launcher prints it as one line, exit 2.
 */
public class BadInputException extends RuntimeException {
  public BadInputException(String message) {
    super(message);
  }

  public BadInputException(String message, Throwable cause) {
    super(message, cause);
  }

  /** A problem at a place in a file, printed as {@code file:line: message}. */
  public static BadInputException at(String file, long line, String message) {
    return new BadInputException(file + ":" + line + ": " + message);
  }
}
