package io.benchlake.alerts;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Delivers a scheduled alerts job's message to its receiver: a POST of the JSON to the webhook
 * (with {@code Authorization: Bearer TOKEN} when a token is set; any 2xx is delivered) or the
 * command with the JSON on standard input (exit 0 is delivered). Each attempt is bounded ({@link
 * #TIMEOUT}); a failed one is tried again after a growing pause, up to the settings' attempts. What
 * went wrong is said without the URL or the token.
 */
public final class AlertReceiver {
  /** How long one attempt may take. */
  static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final NotifySettings settings;
  private final Duration pause;

  /** A receiver that pauses {@code pause}, then twice that, ... between attempts. */
  public AlertReceiver(NotifySettings settings, Duration pause) {
    this.settings = settings;
    this.pause = pause;
  }

  public AlertReceiver(NotifySettings settings) {
    this(settings, Duration.ofSeconds(1));
  }

  /** Whether the message got through, after how many attempts, and the last problem if not. */
  public record Delivery(boolean delivered, int attempts, String problem) {}

  public Delivery deliver(String json) {
    String problem = null;
    for (int attempt = 1; attempt <= settings.attempts(); attempt++) {
      if (attempt > 1) {
        try {
          Thread.sleep(pause.toMillis() << (attempt - 2));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return new Delivery(false, attempt - 1, "interrupted");
        }
      }
      try {
        problem = settings.webhook() != null ? post(json) : pipe(json);
      } catch (IOException e) {
        problem =
            e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Delivery(false, attempt, "interrupted");
      }
      if (problem == null) {
        return new Delivery(true, attempt, null);
      }
    }
    return new Delivery(false, settings.attempts(), settings.redact(problem));
  }

  /** null when delivered, else what the receiver answered. */
  private String post(String json) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(settings.webhook()))
            .timeout(TIMEOUT)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
    if (settings.token() != null) {
      request.header("Authorization", "Bearer " + settings.token());
    }
    HttpResponse<Void> r = client.send(request.build(), HttpResponse.BodyHandlers.discarding());
    return r.statusCode() / 100 == 2 ? null : "HTTP " + r.statusCode();
  }

  private String pipe(String json) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(settings.command())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    try (OutputStream in = p.getOutputStream()) {
      in.write(json.getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      // the command may exit without reading: its exit code says how it went
    }
    if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      return "no exit within " + TIMEOUT.toSeconds() + " s";
    }
    return p.exitValue() == 0 ? null : "exit " + p.exitValue();
  }
}
