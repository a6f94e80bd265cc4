package io.benchlake.schemas;

/** An event that is not JSON, names an unknown schema, or breaks its schema. */
public class InvalidEventException extends Exception {
  public InvalidEventException(String reason) {
    super(reason);
  }

  public InvalidEventException(String reason, Throwable cause) {
    super(reason, cause);
  }
}
