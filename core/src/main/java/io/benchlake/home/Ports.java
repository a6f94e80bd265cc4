package io.benchlake.home;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/** Loopback ports for the servers benchlake starts. */
public final class Ports {
  private Ports() {}

  /** A port on 127.0.0.1 that was free a moment ago. */
  public static int freeLoopbackPort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      socket.setReuseAddress(true);
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on 127.0.0.1", e);
    }
  }

  /** Fails with one clear line when a port the user chose is already taken. */
  public static void requireFree(int port, String what) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
    } catch (IOException e) {
      throw new BadInputException(what + ": port " + port + " on 127.0.0.1 is already taken");
    }
  }
}
