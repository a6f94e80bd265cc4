package io.benchlake.web;

import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * What every request passes before it is answered: its Host header must name the address or name
 * the dashboard is bound to, with its port (a page on another site cannot reach it through DNS
 * rebinding, whose requests carry that site's name); a write, and off loopback any request, must
 * carry the token, and a write whose Origin header names another site is refused. No cookies are
 * read or set, so no other site's page can ride on a login.
 */
final class AccessGuard {
  private final Set<String> hosts;
  private final boolean loopback;
  private final DashboardToken token;

  AccessGuard(String bind, int port, DashboardToken token) {
    this.token = token;
    this.loopback = isLoopback(bind);
    this.hosts = allowedHosts(bind, port, loopback);
  }

  /** Throws {@link Refusal} unless the request may be answered. */
  void check(Context ctx) {
    boolean write = ctx.method() != HandlerType.GET && ctx.method() != HandlerType.HEAD;
    check(write, ctx.path(), ctx.header("Host"), ctx.header("Origin"), ctx.header("Authorization"));
  }

  /**
   * Throws {@link Refusal} unless a request (a write: anything but GET and HEAD) to {@code path}
   * with these headers (null: absent) may be answered.
   */
  void check(boolean write, String path, String host, String origin, String authorization) {
    if (host == null || !hosts.contains(host.toLowerCase(Locale.ROOT))) {
      throw new Refusal(403, "refused: the Host header does not name this dashboard");
    }
    if (write && origin != null && !hosts.contains(originHost(origin))) {
      throw new Refusal(403, "refused: a write from a page of another site (Origin header)");
    }
    boolean needsToken = write || (!loopback && !path.startsWith("/static/"));
    if (needsToken && !token.admits(authorization)) {
      throw new Refusal(
          401,
          write
              ? "a write needs the header Authorization: Bearer <token>"
              : "this dashboard is bound off loopback: reads need Authorization: Bearer <token>");
    }
  }

  /** {@code http://host:port} as host:port, lower case; anything else as nothing allowed. */
  private static String originHost(String origin) {
    String o = origin.toLowerCase(Locale.ROOT);
    return o.startsWith("http://") ? o.substring("http://".length()) : "";
  }

  /** A request refused with its status and one line. */
  static final class Refusal extends RuntimeException {
    final int status;

    Refusal(int status, String message) {
      super(message);
      this.status = status;
    }
  }

  static boolean isLoopback(String bind) {
    try {
      return InetAddress.getByName(bind).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static Set<String> allowedHosts(String bind, int port, boolean loopback) {
    Set<String> names = new HashSet<>();
    names.add(bind);
    if (loopback) {
      names.add("localhost");
      names.add("127.0.0.1");
      names.add("[::1]");
    }
    try {
      InetAddress address = InetAddress.getByName(bind);
      names.add(hostText(address));
      if (address.isAnyLocalAddress()) {
        // bound to every interface: each of the machine's addresses, and its name
        names.add(InetAddress.getLocalHost().getHostName());
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
          nic.inetAddresses().forEach(a -> names.add(hostText(a)));
        }
      }
    } catch (UnknownHostException | SocketException e) {
      // the name as given is all there is to allow
    }
    Set<String> withPort = new HashSet<>();
    for (String name : names) {
      withPort.add(name.toLowerCase(Locale.ROOT) + ":" + port);
    }
    return Set.copyOf(withPort);
  }

  private static String hostText(InetAddress a) {
    String text = a.getHostAddress();
    int zone = text.indexOf('%');
    if (zone >= 0) {
      text = text.substring(0, zone);
    }
    return text.contains(":") ? "[" + text + "]" : text;
  }
}
