package io.benchlake.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** The TCP sockets this process listens on, read from /proc (Linux), as "address:port". */
final class ListeningSockets {
  private static final String LISTEN = "0A";

  private ListeningSockets() {}

  static List<String> ofThisProcess() throws IOException {
    Set<String> inodes = new HashSet<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : fds.toList()) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring(8, target.length() - 1));
          }
        } catch (IOException e) {
          // closed while listed
        }
      }
    }
    List<String> listening = new ArrayList<>();
    for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
      List<String> lines = Files.readAllLines(Path.of(table));
      for (String line : lines.subList(1, lines.size())) {
        String[] f = line.trim().split("\\s+");
        if (f[3].equals(LISTEN) && inodes.contains(f[9])) {
          listening.add(address(f[1]));
        }
      }
    }
    return listening;
  }

  /** /proc's hex "ADDR:PORT" (the address in host byte order, 4-byte words) as text. */
  private static String address(String hex) {
    String[] parts = hex.split(":");
    int port = Integer.parseInt(parts[1], 16);
    String a = parts[0];
    if (a.length() == 8) {
      return ipv4(a) + ":" + port;
    }
    if (a.startsWith("0000000000000000FFFF0000")) {
      return ipv4(a.substring(24)) + ":" + port; // an IPv4-mapped IPv6 address
    }
    return (a.equals("00000000000000000000000001000000")
            ? "[::1]"
            : a.equals("0".repeat(32)) ? "[::]" : "[" + a + "]")
        + ":"
        + port;
  }

  private static String ipv4(String word) {
    long v = Long.parseLong(word, 16);
    return (v & 0xff)
        + "."
        + ((v >> 8) & 0xff)
        + "."
        + ((v >> 16) & 0xff)
        + "."
        + ((v >> 24) & 0xff);
  }

  static boolean isLoopback(String address) {
    return address.startsWith("127.") || address.startsWith("[::1]");
  }
}
