package io.benchlake.home;

/** The server under test failed while a benchmark ran: the run is marked failed, exit 5. */
public class ServerFailedException extends RuntimeException {
  public ServerFailedException(String message, Throwable cause) {
    super(message, cause);
  }
}
