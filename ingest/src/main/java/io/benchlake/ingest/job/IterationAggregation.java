package io.benchlake.ingest.job;

import io.benchlake.schemas.IterationFinished;
import io.benchlake.schemas.IterationValue;
import io.benchlake.schemas.Sample;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The values of one iteration: the authoritative ones of its iteration_finished event, plus what
 * its measured samples say (count, within-run tps stability, merged latency percentiles, errors).
 * Where the source gave no value of a metric, the computed one stands in, marked computed.
 */
public final class IterationAggregation {
  /** Status of an iteration whose iteration_finished event has not been read. */
  public static final String INCOMPLETE = "incomplete";

  private IterationAggregation() {}

  /** The finished event to trust when an iteration was reported more than once: the newest. */
  public static Optional<IterationFinished> authoritative(List<IterationFinished> finished) {
    return finished.stream().max(Comparator.comparing(IterationFinished::emittedAt));
  }

  /**
   * Every finish event's values (an iteration reported by several sources, e.g. the NOPM and the
   * TPM report of the same runs, has them all; for one metric the newest event wins), then what the
   * samples say for metrics no source gave. Computed values carry {@code computedEventId}.
   */
  public static List<IterationMetric> metrics(
      List<IntervalFigures> allSamples, List<IterationFinished> finished, String computedEventId) {
    Map<String, IterationMetric> out = new LinkedHashMap<>();
    finished.stream()
        .sorted(
            Comparator.comparing(IterationFinished::emittedAt)
                .thenComparing(IterationFinished::eventId))
        .forEach(
            f -> {
              for (IterationValue v : f.values()) {
                out.put(
                    v.metric(),
                    new IterationMetric(
                        v.metric(), v.value(), v.unit(), v.source(), false, f.eventId()));
              }
            });
    Map<String, IntervalFigures> unique = new LinkedHashMap<>();
    allSamples.forEach(s -> unique.putIfAbsent(s.eventId(), s));
    List<IntervalFigures> samples =
        unique.values().stream()
            .filter(s -> s.phase() == Sample.Phase.measured)
            .sorted(Comparator.comparingDouble(IntervalFigures::offsetS))
            .toList();
    for (IterationMetric computed : fromSamples(samples, computedEventId, out.keySet())) {
      out.putIfAbsent(computed.metric(), computed);
    }
    return new ArrayList<>(out.values());
  }

  /**
   * The samples of an iteration's last attempt, from {@code samples} in the order they were read:
   * those from the last point where the measured samples' clock (offset_s) went back. A cell run
   * again under the same run id (a plan resumed after a crash or a kill) sends the iteration's
   * samples anew from its start; the values are those of the attempt that ended, not a mix of the
   * two. The same sample read twice (an import repeated, a producer retry) is not a new attempt.
   */
  public static List<IntervalFigures> lastAttempt(List<IntervalFigures> samples) {
    Set<String> seen = new HashSet<>();
    int from = 0;
    double previous = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < samples.size(); i++) {
      IntervalFigures s = samples.get(i);
      if (s.phase() != Sample.Phase.measured || !seen.add(s.eventId())) {
        continue;
      }
      if (s.offsetS() < previous) {
        from = i;
      }
      previous = s.offsetS();
    }
    return from == 0 ? samples : samples.subList(from, samples.size());
  }

  /** Whether the finish events give every latency metric, so that no histogram need be read. */
  public static boolean givesLatency(List<IterationFinished> finished) {
    Set<String> given = new HashSet<>();
    finished.forEach(f -> f.values().forEach(v -> given.add(v.metric())));
    return given.containsAll(HISTOGRAM_METRICS);
  }

  /** The latency metrics merging the interval histograms gives. */
  static final Set<String> HISTOGRAM_METRICS =
      Set.of(
          "latency_avg_ms", "latency_p50_ms", "latency_p95_ms", "latency_p99_ms", "latency_max_ms");

  /**
   * What the samples say; the interval histograms are merged only when the source did not give
   * every latency metric (loadgen gives them from its own exact histogram), since decoding one
   * histogram per sample is the costliest step of the job.
   */
  private static List<IterationMetric> fromSamples(
      List<IntervalFigures> samples, String eventId, Set<String> given) {
    List<IterationMetric> m = new ArrayList<>();
    if (samples.isEmpty()) {
      return m;
    }
    double seconds = samples.stream().mapToDouble(IntervalFigures::intervalS).sum();
    m.add(computed(eventId, "sample_count", samples.size(), "count"));
    boolean exact = samples.stream().allMatch(s -> s.transactions() != null);
    double tps =
        exact
            ? samples.stream().mapToLong(IntervalFigures::transactions).sum() / seconds
            : samples.stream().mapToDouble(s -> s.tps() * s.intervalS()).sum() / seconds;
    m.add(computed(eventId, "TPS", tps, "tx/s"));
    m.add(
        computed(
            eventId,
            "QPS",
            samples.stream().mapToDouble(s -> s.qps() * s.intervalS()).sum() / seconds,
            "q/s"));
    double mean = samples.stream().mapToDouble(IntervalFigures::tps).average().orElse(0);
    double var =
        samples.stream().mapToDouble(s -> (s.tps() - mean) * (s.tps() - mean)).average().orElse(0);
    m.add(computed(eventId, "tps_interval_mean", mean, "tx/s"));
    m.add(
        computed(
            eventId,
            "tps_interval_min",
            samples.stream().mapToDouble(IntervalFigures::tps).min().orElse(0),
            "tx/s"));
    m.add(
        computed(
            eventId,
            "tps_interval_max",
            samples.stream().mapToDouble(IntervalFigures::tps).max().orElse(0),
            "tx/s"));
    m.add(computed(eventId, "tps_interval_stddev", Math.sqrt(var), "tx/s"));
    m.add(
        computed(
            eventId,
            "errors",
            samples.stream().mapToDouble(s -> s.errorsPs() * s.intervalS()).sum(),
            "count"));
    m.add(
        computed(
            eventId,
            "reconnects",
            samples.stream().mapToDouble(s -> s.reconnectsPs() * s.intervalS()).sum(),
            "count"));
    Optional<Histogram> merged =
        given.containsAll(HISTOGRAM_METRICS) ? Optional.empty() : merged(samples);
    merged.ifPresent(
        h -> {
          m.add(computed(eventId, "latency_avg_ms", h.getMean() / 1000.0, "ms"));
          m.add(computed(eventId, "latency_p50_ms", h.getValueAtPercentile(50) / 1000.0, "ms"));
          m.add(computed(eventId, "latency_p95_ms", h.getValueAtPercentile(95) / 1000.0, "ms"));
          m.add(computed(eventId, "latency_p99_ms", h.getValueAtPercentile(99) / 1000.0, "ms"));
          m.add(computed(eventId, "latency_max_ms", h.getMaxValue() / 1000.0, "ms"));
        });
    if (samples.stream().allMatch(s -> s.nopm() != null)) {
      m.add(
          computed(
              eventId,
              "NOPM",
              samples.stream().mapToDouble(s -> s.nopm() * s.intervalS()).sum() / seconds,
              "nopm"));
    }
    if (samples.stream().allMatch(s -> s.tpm() != null)) {
      m.add(
          computed(
              eventId,
              "TPM",
              samples.stream().mapToDouble(s -> s.tpm() * s.intervalS()).sum() / seconds,
              "tpm"));
    }
    return m;
  }

  /** The interval histograms added together, when every sample carries one. */
  static Optional<Histogram> merged(List<IntervalFigures> samples) {
    if (samples.stream().anyMatch(s -> s.histogram() == null)) {
      return Optional.empty();
    }
    Histogram total = new Histogram(3);
    Set<String> seen = new HashSet<>();
    for (IntervalFigures s : samples) {
      if (!seen.add(s.eventId())) {
        continue;
      }
      try {
        total.add(
            Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(s.histogram())), 0));
      } catch (DataFormatException | IllegalArgumentException e) {
        return Optional.empty();
      }
    }
    return total.getTotalCount() == 0 ? Optional.empty() : Optional.of(total);
  }

  private static IterationMetric computed(
      String eventId, String metric, double value, String unit) {
    return new IterationMetric(metric, value, unit, "flink:samples", true, eventId);
  }
}
