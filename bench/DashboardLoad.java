import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * bench/dashboard's load generator (JDK only): against a running `benchlake dashboard` on the
 * bench/queries warehouse, (1) warms the server up on permalinks outside the measured set, (2)
 * asks each measured permalink once, one at a time: its cache miss, (3) runs CLIENTS clients for
 * SECONDS seconds, each drawing requests from a fixed mix with a seed of its own, and prints per
 * request kind its share, count, p50, p95, p99 and max, the errors (any answer but 200, or no
 * answer), and each kind's p95 against the reference kind's: a static file, the server's floor on
 * the same cores under the same load.
 *
 * <p>Usage: java bench/DashboardLoad.java URL CLIENTS SECONDS
 */
public class DashboardLoad {
  /** A kind of request, its share of the mix, and the permalinks it draws from. */
  record Kind(String name, int share, List<String> paths) {}

  static final String REFERENCE = "static file (reference)";

  static String q(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  static String compare(String prefix, String test, String base, String... candidates) {
    return prefix
        + "?test="
        + test
        + "&metric=TPS&baseline="
        + q("MariaDB " + base + "-MariaDB")
        + "&candidates="
        + q(
            String.join(
                ",",
                Arrays.stream(candidates).map(c -> "MariaDB " + c + "-MariaDB").toList()));
  }

  /** The measured mix: shares in percent, over fixed permalinks of the generated warehouse. */
  static List<Kind> mix() {
    List<String> runs =
        List.of("run-1234", "run-5007", "run-9999", "run-15000", "run-21111", "run-27777",
            "run-31000", "run-33333");
    List<Kind> kinds = new ArrayList<>();
    kinds.add(new Kind("overview page", 10, List.of("/")));
    kinds.add(new Kind("overview poll (api)", 10, List.of("/api/v1/overview")));
    kinds.add(
        new Kind(
            "runs page",
            15,
            List.of(
                "/runs",
                "/runs?test=T3",
                "/runs?test=T7&month=2020-06",
                "/runs?host=host1&sort=dataset&dir=asc",
                "/runs?version=" + q("11.4.2-MariaDB"),
                "/runs?page=40")));
    kinds.add(new Kind("run page", 15, runs.stream().map(r -> "/runs/" + r).toList()));
    List<String> runApi = new ArrayList<>();
    runs.forEach(r -> runApi.add("/api/v1/runs/" + r));
    runs.forEach(r -> runApi.add("/api/v1/series?run=" + r));
    kinds.add(new Kind("run and series (api)", 10, runApi));
    kinds.add(
        new Kind(
            "compare page",
            10,
            List.of(
                compare("/compare", "T7", "11.0.1", "12.0.1"),
                compare("/compare", "T3", "10.5.2", "11.5.2", "12.5.2"),
                compare("/compare", "T12", "12.8.1", "12.9.3"),
                compare("/compare", "T19", "10.0.3", "12.2.2"))));
    kinds.add(
        new Kind(
            "compare (api)",
            5,
            List.of(
                compare("/api/v1/compare", "T7", "11.0.1", "12.0.1"),
                compare("/api/v1/compare", "T12", "12.8.1", "12.9.3"))));
    kinds.add(
        new Kind(
            "trend page",
            10,
            List.of(
                "/trend?test=T7&threads=64&metric=TPS",
                "/trend?test=T3&threads=1&metric=TPS&testbed=host1",
                "/trend?test=T12&threads=512&metric=TPS",
                "/trend?test=T0&threads=16&metric=TPS&testbed=host0")));
    kinds.add(
        new Kind(
            "trend (api)",
            5,
            List.of(
                "/api/v1/trend?test=T7&threads=64&metric=TPS",
                "/api/v1/trend?test=T19&threads=8&metric=TPS")));
    kinds.add(new Kind("alerts page", 5, List.of("/alerts", "/alerts?state=all")));
    kinds.add(new Kind(REFERENCE, 5, List.of("/static/dashboard.css")));
    return kinds;
  }

  /** Permalinks of the same kinds outside the measured set: the warm-up. */
  static List<String> warmUp() {
    return List.of(
        "/runs?test=T1",
        "/runs/run-42",
        "/api/v1/runs/run-42",
        "/api/v1/series?run=run-42",
        compare("/compare", "T1", "11.1.1", "11.2.2"),
        compare("/api/v1/compare", "T1", "11.1.1", "11.2.2"),
        "/trend?test=T1&threads=2&metric=TPS",
        "/api/v1/trend?test=T1&threads=2&metric=TPS",
        "/alerts?state=fixed",
        "/static/dashboard.js");
  }

  public static void main(String[] args) throws Exception {
    String base = args[0].endsWith("/") ? args[0].substring(0, args[0].length() - 1) : args[0];
    int clients = Integer.parseInt(args[1]);
    int seconds = Integer.parseInt(args[2]);
    HttpClient http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    List<Kind> kinds = mix();

    System.out.println("mix (share %, kind: permalinks)");
    for (Kind k : kinds) {
      System.out.printf(Locale.ROOT, "  %3d %s: %s%n", k.share(), k.name(), String.join(" ", k.paths()));
    }

    // (1) the first request opens the session over the commit; then the warm-up
    long first = timed(http, base + "/runs?test=T2");
    System.out.printf(Locale.ROOT, "%nfirst request after the start (opens the session): %.3f s%n", first / 1e9);
    for (String p : warmUp()) {
      timed(http, base + p);
    }

    // (2) each measured permalink once: a cache miss (the answers are cached per commit)
    System.out.println();
    System.out.printf(Locale.ROOT, "%-26s %9s %9s %9s%n", "cache miss, per kind", "permalinks", "median s", "max s");
    for (Kind k : kinds) {
      long[] t = new long[k.paths().size()];
      for (int i = 0; i < t.length; i++) {
        t[i] = timed(http, base + k.paths().get(i));
      }
      Arrays.sort(t);
      System.out.printf(
          Locale.ROOT, "%-26s %9d %9.3f %9.3f%n", k.name(), t.length, t[t.length / 2] / 1e9, t[t.length - 1] / 1e9);
    }

    // (3) the warm load
    int total = kinds.stream().mapToInt(Kind::share).sum();
    Map<String, List<Long>> times = new ConcurrentHashMap<>();
    Map<String, AtomicLong> errors = new ConcurrentHashMap<>();
    kinds.forEach(k -> {
      times.put(k.name(), java.util.Collections.synchronizedList(new ArrayList<>()));
      errors.put(k.name(), new AtomicLong());
    });
    Map<String, String> firstError = new ConcurrentHashMap<>();
    long end = System.nanoTime() + seconds * 1_000_000_000L;
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    List<Future<?>> running = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      Random random = new Random(20261207L + c);
      running.add(
          pool.submit(
              () -> {
                while (System.nanoTime() < end) {
                  int pick = random.nextInt(total);
                  Kind k = kinds.get(0);
                  for (Kind candidate : kinds) {
                    if (pick < candidate.share()) {
                      k = candidate;
                      break;
                    }
                    pick -= candidate.share();
                  }
                  String path = k.paths().get(random.nextInt(k.paths().size()));
                  long t0 = System.nanoTime();
                  try {
                    HttpResponse<byte[]> r = http.send(request(base + path), HttpResponse.BodyHandlers.ofByteArray());
                    long t = System.nanoTime() - t0;
                    if (r.statusCode() == 200) {
                      times.get(k.name()).add(t);
                    } else {
                      errors.get(k.name()).incrementAndGet();
                      firstError.putIfAbsent(k.name(), r.statusCode() + " " + path);
                    }
                  } catch (Exception e) {
                    errors.get(k.name()).incrementAndGet();
                    firstError.putIfAbsent(k.name(), e + " " + path);
                  }
                }
                return null;
              }));
    }
    for (Future<?> f : running) {
      f.get();
    }
    pool.shutdown();

    long all = times.values().stream().mapToLong(List::size).sum();
    long failed = errors.values().stream().mapToLong(AtomicLong::get).sum();
    System.out.printf(
        Locale.ROOT,
        "%nwarm: %d clients for %d s: %d answers (%.1f a second), %d errors%n",
        clients, seconds, all, all / (double) seconds, failed);
    System.out.printf(
        Locale.ROOT, "%-26s %7s %7s %9s %9s %9s %9s %7s %12s%n",
        "kind", "share %", "count", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "p95/ref p95");
    Map<String, double[]> pct = new LinkedHashMap<>();
    for (Kind k : kinds) {
      pct.put(k.name(), percentiles(times.get(k.name())));
    }
    double ref = pct.get(REFERENCE)[1];
    List<Long> every = new ArrayList<>();
    times.values().forEach(every::addAll);
    for (Kind k : kinds) {
      double[] p = pct.get(k.name());
      System.out.printf(
          Locale.ROOT, "%-26s %7d %7d %9.1f %9.1f %9.1f %9.1f %7d %12.1f%n",
          k.name(), k.share(), times.get(k.name()).size(), p[0], p[1], p[2], p[3],
          errors.get(k.name()).get(), p[1] / ref);
    }
    double[] p = percentiles(every);
    System.out.printf(
        Locale.ROOT, "%-26s %7d %7d %9.1f %9.1f %9.1f %9.1f %7d %12.1f%n",
        "every request", total, every.size(), p[0], p[1], p[2], p[3], failed, p[1] / ref);
    firstError.forEach((k, e) -> System.out.println("first error of " + k + ": " + e));
  }

  static HttpRequest request(String url) {
    return HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60)).build();
  }

  /** One request's time in ns; it must answer 200. */
  static long timed(HttpClient http, String url) throws Exception {
    long t0 = System.nanoTime();
    HttpResponse<byte[]> r = http.send(request(url), HttpResponse.BodyHandlers.ofByteArray());
    long t = System.nanoTime() - t0;
    if (r.statusCode() != 200) {
      throw new IllegalStateException(
          url + " answered " + r.statusCode() + ": " + new String(r.body(), StandardCharsets.UTF_8).lines().findFirst().orElse(""));
    }
    return t;
  }

  /** p50, p95, p99 (nearest rank) and max, in ms. */
  static double[] percentiles(List<Long> ns) {
    if (ns.isEmpty()) {
      return new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN};
    }
    long[] s = ns.stream().mapToLong(Long::longValue).sorted().toArray();
    return new double[] {rank(s, 0.50), rank(s, 0.95), rank(s, 0.99), s[s.length - 1] / 1e6};
  }

  static double rank(long[] sorted, double p) {
    int i = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
  }
}
