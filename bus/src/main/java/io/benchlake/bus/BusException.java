package io.benchlake.bus;

/** Kafka could not be reached or refused what benchlake asked of it. */
public class BusException extends RuntimeException {
  public BusException(String message, Throwable cause) {
    super(message, cause);
  }

  public BusException(String message) {
    super(message);
  }
}
