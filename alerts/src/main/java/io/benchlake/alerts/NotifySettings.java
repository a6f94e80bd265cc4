package io.benchlake.alerts;

import java.net.URI;
import java.util.List;

/**
 * Where a scheduled alerts job sends its message: a webhook (an http or https URL, with an optional
 * bearer token) or a command that reads it on standard input; how many attempts a delivery gets.
 * The URL and the token are secrets: {@link #toString} and {@link #receiver} never show them.
 */
public record NotifySettings(String webhook, String token, List<String> command, Integer attempts) {
  public NotifySettings {
    if ((webhook == null) == (command == null || command.isEmpty())) {
      throw new IllegalArgumentException("notify needs either 'webhook' or 'command', not both");
    }
    if (webhook != null) {
      URI uri;
      try {
        uri = URI.create(webhook);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("notify: the webhook is not a URL");
      }
      if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())
          || uri.getHost() == null) {
        throw new IllegalArgumentException("notify: the webhook must be an http or https URL");
      }
    }
    if (token != null && webhook == null) {
      throw new IllegalArgumentException("notify: a token goes with a webhook");
    }
    command = command == null ? List.of() : List.copyOf(command);
    attempts = attempts == null ? 3 : attempts;
    if (attempts < 1 || attempts > 10) {
      throw new IllegalArgumentException("notify: attempts must be 1 to 10, was " + attempts);
    }
  }

  /** The receiver as it may be printed: the webhook's scheme and host only, or the command. */
  public String receiver() {
    if (webhook == null) {
      return "command " + command.get(0);
    }
    URI uri = URI.create(webhook);
    return "webhook "
        + uri.getScheme()
        + "://"
        + uri.getHost()
        + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
        + "/…";
  }

  /** Any text with the URL and the token taken out (an error message that might quote them). */
  public String redact(String text) {
    String out = text == null ? "" : text;
    if (webhook != null) {
      out = out.replace(webhook, "(webhook)");
    }
    if (token != null && !token.isEmpty()) {
      out = out.replace(token, "(token)");
    }
    return out;
  }

  @Override
  public String toString() {
    return "NotifySettings[" + receiver() + (token == null ? "" : ", token") + "]";
  }
}
