package io.benchlake.bus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The address and PID of the process hosting the embedded broker, kept in {@code
 * $BENCHLAKE_HOME/kafka/endpoint} so that other benchlake processes connect to it.
 */
public record BrokerEndpoint(String bootstrap, long pid) {

  public static final String FILE = "endpoint";

  public void write(Path kafkaDir) {
    try {
      Files.createDirectories(kafkaDir);
      Path tmp = kafkaDir.resolve(FILE + ".tmp");
      Files.writeString(tmp, bootstrap + " " + pid + "\n", StandardCharsets.UTF_8);
      Files.move(tmp, kafkaDir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The endpoint file's content, if there is one whose process is alive and answers. */
  public static Optional<BrokerEndpoint> readLive(Path kafkaDir) {
    Path file = kafkaDir.resolve(FILE);
    try {
      if (!Files.exists(file)) {
        return Optional.empty();
      }
      String[] parts = Files.readString(file, StandardCharsets.UTF_8).trim().split("\\s+");
      if (parts.length != 2) {
        return Optional.empty();
      }
      BrokerEndpoint endpoint = new BrokerEndpoint(parts[0], Long.parseLong(parts[1]));
      return endpoint.isAlive() ? Optional.of(endpoint) : Optional.empty();
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  public static void delete(Path kafkaDir) {
    try {
      Files.deleteIfExists(kafkaDir.resolve(FILE));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  boolean isAlive() {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) && answers(bootstrap);
  }

  /** Whether something accepts connections at {@code bootstrap} (host:port) within a second. */
  static boolean answers(String bootstrap) {
    int colon = bootstrap.lastIndexOf(':');
    try (Socket socket = new Socket()) {
      socket.connect(
          new InetSocketAddress(
              bootstrap.substring(0, colon), Integer.parseInt(bootstrap.substring(colon + 1))),
          1000);
      return true;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
