package io.benchlake.schemas;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;

/**
 * Long by design: a hand-written reader kept for speed (bench/ingest, plain consumer read + parse +
 * validate of 1,000,000 samples: 207,586 events/s, 4.88 s on 2 shared cores, 2026-12-05; the
 * general path costs several times this). It fills a {@link Sample.Builder}, so the sample's fields
 * are listed here only as the names it reads.
 *
 * <p>The sample event's fast path: one pass over the JSON tokens that binds a {@link Sample} when
 * the event is plainly one that {@code sample.schema.json} accepts, and gives up (returns null) at
 * the first thing it is not sure of, leaving the event to the general path (tree, schema validator,
 * binder), which then accepts it or says what is wrong with it. Samples are nearly every event of
 * the log, and the general path costs several times this one.
 *
 * <p>It accepts less than the schema, never more: the {@code schema} field must come first; a known
 * field given twice, a number out of its Java type's range, a date-time other than {@code
 * yyyy-mm-ddThh:mm:ss[.fraction]Z}, a {@code host_cpu} without all four shares or anything after
 * the object send the event the general way. {@code SampleReaderTest} checks that both paths bind
 * the same record for every event the fast one takes.
 */
final class SampleReader {
  private static final String SCHEMA_ID = EventKind.SAMPLE.schemaId();

  // The required fields, one bit each.
  private static final int EVENT_ID = 1;
  private static final int RUN_ID = 1 << 1;
  private static final int EMITTED_AT = 1 << 2;
  private static final int STARTED_AT = 1 << 3;
  private static final int THREADS = 1 << 4;
  private static final int ITERATION = 1 << 5;
  private static final int OFFSET_S = 1 << 6;
  private static final int INTERVAL_S = 1 << 7;
  private static final int PHASE = 1 << 8;
  private static final int TPS = 1 << 9;
  private static final int QPS = 1 << 10;
  private static final int ERRORS_PS = 1 << 11;
  private static final int RECONNECTS_PS = 1 << 12;
  private static final int REQUIRED = (1 << 13) - 1;
  // The optional ones, to find one given twice.
  private static final int LIVE_THREADS = 1 << 13;
  private static final int TRANSACTIONS = 1 << 14;
  private static final int READS_PS = 1 << 15;
  private static final int WRITES_PS = 1 << 16;
  private static final int OTHER_PS = 1 << 17;
  private static final int LATENCY_AVG_MS = 1 << 18;
  private static final int LATENCY_PCT = 1 << 19;
  private static final int LATENCY_PCT_MS = 1 << 20;
  private static final int LATENCY_MAX_MS = 1 << 21;
  private static final int NOPM = 1 << 22;
  private static final int TPM = 1 << 23;
  private static final int HISTOGRAM = 1 << 24;
  private static final int HOST_CPU = 1 << 25;
  private static final int SERVER_CPU_PCT = 1 << 26;

  /** Thrown where the fast path gives the event up; never leaves this class. */
  private static final class NotSure extends Exception {
    private static final NotSure INSTANCE = new NotSure();

    private NotSure() {
      super(null, null, false, false);
    }
  }

  private final JsonFactory factory;

  SampleReader(JsonFactory factory) {
    this.factory = factory;
  }

  /** The sample, or null when the event is not one or the general path must judge it. */
  Sample read(byte[] json) {
    try (JsonParser p = factory.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT
          || !"schema".equals(p.nextFieldName())
          || p.nextToken() != JsonToken.VALUE_STRING
          || !SCHEMA_ID.equals(p.getText())) {
        return null;
      }
      Sample sample = fields(p, this);
      return p.nextToken() == null ? sample : null;
    } catch (NotSure | IOException | IllegalArgumentException | DateTimeException e) {
      return null;
    }
  }

  private static Sample fields(JsonParser p, SampleReader reader) throws IOException, NotSure {
    int seen = 0;
    Sample.Builder s = new Sample.Builder();
    int next = 0;
    for (int bit = nextField(p, next); bit != END; bit = nextField(p, next)) {
      JsonToken token = p.nextToken();
      if (bit == 0) {
        p.skipChildren(); // any other field is allowed and not bound
        continue;
      }
      if ((seen & bit) != 0) {
        throw NotSure.INSTANCE;
      }
      seen |= bit;
      next = AFTER[Integer.numberOfTrailingZeros(bit)];
      switch (bit) {
        case EVENT_ID -> s.eventId = text(p, token);
        case RUN_ID -> s.runId = text(p, token);
        case EMITTED_AT -> s.emittedAt = reader.instant(p, token);
        case STARTED_AT -> s.startedAt = reader.instant(p, token);
        case THREADS -> s.threads = atLeastOne(intValue(p, token));
        case LIVE_THREADS ->
            s.liveThreads = token == JsonToken.VALUE_NULL ? null : intValue(p, token);
        case ITERATION -> s.iteration = atLeastOne(intValue(p, token));
        case OFFSET_S -> s.offsetS = notNegative(p, number(p, token));
        case INTERVAL_S -> s.intervalS = positive(number(p, token));
        case PHASE -> s.phase = phase(p, token);
        case TRANSACTIONS ->
            s.transactions = token == JsonToken.VALUE_NULL ? null : longValue(p, token);
        case TPS -> s.tps = number(p, token);
        case QPS -> s.qps = number(p, token);
        case READS_PS -> s.readsPs = numberOrNull(p, token);
        case WRITES_PS -> s.writesPs = numberOrNull(p, token);
        case OTHER_PS -> s.otherPs = numberOrNull(p, token);
        case LATENCY_AVG_MS -> s.latencyAvgMs = numberOrNull(p, token);
        case LATENCY_PCT -> s.latencyPct = numberOrNull(p, token);
        case LATENCY_PCT_MS -> s.latencyPctMs = numberOrNull(p, token);
        case LATENCY_MAX_MS -> s.latencyMaxMs = numberOrNull(p, token);
        case ERRORS_PS -> s.errorsPs = number(p, token);
        case RECONNECTS_PS -> s.reconnectsPs = number(p, token);
        case NOPM -> s.nopm = numberOrNull(p, token);
        case TPM -> s.tpm = numberOrNull(p, token);
        case HISTOGRAM -> s.histogram = token == JsonToken.VALUE_NULL ? null : text(p, token);
        case HOST_CPU -> s.hostCpu = token == JsonToken.VALUE_NULL ? null : cpuShare(p, token);
        case SERVER_CPU_PCT -> s.serverCpuPct = numberOrNull(p, token);
        default -> throw NotSure.INSTANCE;
      }
    }
    if ((seen & REQUIRED) != REQUIRED || s.eventId.isEmpty() || s.runId.isEmpty()) {
      throw NotSure.INSTANCE;
    }
    return s.build();
  }

  /** The fields in the order benchlake's writers put them (the record's). */
  private static final SerializedString[] ORDER =
      java.util.stream.Stream.of(
              "event_id",
              "run_id",
              "emitted_at",
              "started_at",
              "threads",
              "live_threads",
              "iteration",
              "offset_s",
              "interval_s",
              "phase",
              "transactions",
              "tps",
              "qps",
              "reads_ps",
              "writes_ps",
              "other_ps",
              "latency_avg_ms",
              "latency_pct",
              "latency_pct_ms",
              "latency_max_ms",
              "errors_ps",
              "reconnects_ps",
              "nopm",
              "tpm",
              "histogram",
              "host_cpu",
              "server_cpu_pct")
          .map(SerializedString::new)
          .toArray(SerializedString[]::new);

  /** For each field's bit (by its position), the place in {@link #ORDER} of the field after it. */
  private static final int[] AFTER = new int[32];

  /** The bit of each field of {@link #ORDER}. */
  private static final int[] ORDER_BITS = new int[ORDER.length];

  static {
    for (int i = 0; i < ORDER.length; i++) {
      ORDER_BITS[i] = bit(ORDER[i].getValue());
      AFTER[Integer.numberOfTrailingZeros(ORDER_BITS[i])] = i + 1;
    }
  }

  /** What {@link #nextField} gives at the object's end. */
  private static final int END = -1;

  /**
   * The next field's bit (0 for a field not bound), or {@link #END} at the object's end. The name
   * the writers put next is tried first as bytes, which spares looking the name up in Jackson's
   * table of names and in {@link #bit}.
   */
  private static int nextField(JsonParser p, int next) throws IOException {
    if (next < ORDER.length && p.nextFieldName(ORDER[next])) {
      return ORDER_BITS[next];
    }
    String name = next < ORDER.length ? fieldName(p) : p.nextFieldName();
    return name == null ? END : bit(name);
  }

  private static String fieldName(JsonParser p) throws IOException {
    return p.currentToken() == JsonToken.FIELD_NAME ? p.currentName() : null;
  }

  private static int bit(String name) {
    return switch (name) {
      case "event_id" -> EVENT_ID;
      case "run_id" -> RUN_ID;
      case "emitted_at" -> EMITTED_AT;
      case "started_at" -> STARTED_AT;
      case "threads" -> THREADS;
      case "live_threads" -> LIVE_THREADS;
      case "iteration" -> ITERATION;
      case "offset_s" -> OFFSET_S;
      case "interval_s" -> INTERVAL_S;
      case "phase" -> PHASE;
      case "transactions" -> TRANSACTIONS;
      case "tps" -> TPS;
      case "qps" -> QPS;
      case "reads_ps" -> READS_PS;
      case "writes_ps" -> WRITES_PS;
      case "other_ps" -> OTHER_PS;
      case "latency_avg_ms" -> LATENCY_AVG_MS;
      case "latency_pct" -> LATENCY_PCT;
      case "latency_pct_ms" -> LATENCY_PCT_MS;
      case "latency_max_ms" -> LATENCY_MAX_MS;
      case "errors_ps" -> ERRORS_PS;
      case "reconnects_ps" -> RECONNECTS_PS;
      case "nopm" -> NOPM;
      case "tpm" -> TPM;
      case "histogram" -> HISTOGRAM;
      case "host_cpu" -> HOST_CPU;
      case "server_cpu_pct" -> SERVER_CPU_PCT;
      default -> 0; // "schema" again included: the general path judges a second one
    };
  }

  private static String text(JsonParser p, JsonToken token) throws IOException, NotSure {
    if (token != JsonToken.VALUE_STRING) {
      throw NotSure.INSTANCE;
    }
    return p.getText();
  }

  private static int intValue(JsonParser p, JsonToken token) throws IOException, NotSure {
    if (token != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT) {
      throw NotSure.INSTANCE;
    }
    return p.getIntValue();
  }

  private static long longValue(JsonParser p, JsonToken token) throws IOException, NotSure {
    if (token != JsonToken.VALUE_NUMBER_INT
        || p.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
      throw NotSure.INSTANCE;
    }
    return p.getLongValue();
  }

  /** A JSON number as a double, the way the binder reads it; only finite ones. */
  private static double number(JsonParser p, JsonToken token) throws IOException, NotSure {
    double value;
    if (token == JsonToken.VALUE_NUMBER_FLOAT) {
      value = p.getDoubleValue();
    } else if (token == JsonToken.VALUE_NUMBER_INT
        && p.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
      value = p.getLongValue();
    } else {
      throw NotSure.INSTANCE;
    }
    if (!Double.isFinite(value)) {
      throw NotSure.INSTANCE;
    }
    return value;
  }

  private static Double numberOrNull(JsonParser p, JsonToken token) throws IOException, NotSure {
    return token == JsonToken.VALUE_NULL ? null : number(p, token);
  }

  private static int atLeastOne(int value) throws NotSure {
    if (value < 1) {
      throw NotSure.INSTANCE;
    }
    return value;
  }

  /** At least 0; a negative number that rounds to zero ({@code -1e-400}) is left to the schema. */
  private static double notNegative(JsonParser p, double value) throws IOException, NotSure {
    if (value < 0 || (value == 0 && p.getText().startsWith("-"))) {
      throw NotSure.INSTANCE;
    }
    return value;
  }

  private static double positive(double value) throws NotSure {
    if (!(value > 0)) {
      throw NotSure.INSTANCE;
    }
    return value;
  }

  private static final char[] MEASURED = "measured".toCharArray();
  private static final char[] WARMUP = "warmup".toCharArray();

  /** The phase, read from the parser's characters (no string made for it). */
  private static Sample.Phase phase(JsonParser p, JsonToken token) throws IOException, NotSure {
    if (token != JsonToken.VALUE_STRING) {
      throw NotSure.INSTANCE;
    }
    char[] c = p.getTextCharacters();
    int o = p.getTextOffset();
    int n = p.getTextLength();
    if (Arrays.equals(c, o, o + n, MEASURED, 0, MEASURED.length)) {
      return Sample.Phase.measured;
    }
    if (Arrays.equals(c, o, o + n, WARMUP, 0, WARMUP.length)) {
      return Sample.Phase.warmup;
    }
    throw NotSure.INSTANCE;
  }

  private static CpuShare cpuShare(JsonParser p, JsonToken token) throws IOException, NotSure {
    if (token != JsonToken.START_OBJECT) {
      throw NotSure.INSTANCE;
    }
    double[] shares = new double[4];
    int seen = 0;
    for (String name = p.nextFieldName(); name != null; name = p.nextFieldName()) {
      JsonToken value = p.nextToken();
      int index =
          switch (name) {
            case "user_pct" -> 0;
            case "system_pct" -> 1;
            case "iowait_pct" -> 2;
            case "idle_pct" -> 3;
            default -> -1;
          };
      if (index < 0) {
        p.skipChildren();
        continue;
      }
      if ((seen & (1 << index)) != 0) {
        throw NotSure.INSTANCE;
      }
      seen |= 1 << index;
      shares[index] = number(p, value);
    }
    if (seen != 0b1111) {
      throw NotSure.INSTANCE;
    }
    return new CpuShare(shares[0], shares[1], shares[2], shares[3]);
  }

  /**
   * {@code yyyy-mm-ddThh:mm:ss[.f{1,9}]Z} and nothing else: what every producer of benchlake
   * writes, and a form both the schema's date-time format and the binder take to the same instant.
   */
  private Instant instant(JsonParser p, JsonToken token) throws IOException, NotSure {
    if (token != JsonToken.VALUE_STRING) {
      throw NotSure.INSTANCE;
    }
    char[] c = p.getTextCharacters();
    int o = p.getTextOffset();
    int n = p.getTextLength();
    if (n < 20
        || c[o + 4] != '-'
        || c[o + 7] != '-'
        || c[o + 10] != 'T'
        || c[o + 13] != ':'
        || c[o + 16] != ':'
        || c[o + n - 1] != 'Z') {
      throw NotSure.INSTANCE;
    }
    int year = digits(c, o, 4);
    int month = digits(c, o + 5, 2);
    int day = digits(c, o + 8, 2);
    int hour = digits(c, o + 11, 2);
    int minute = digits(c, o + 14, 2);
    int second = digits(c, o + 17, 2);
    int nanos = 0;
    if (n > 20) {
      int fraction = n - 21; // between the '.' and the 'Z'
      if (c[o + 19] != '.' || fraction < 1 || fraction > 9) {
        throw NotSure.INSTANCE;
      }
      nanos = digits(c, o + 20, fraction);
      for (int i = fraction; i < 9; i++) {
        nanos *= 10;
      }
    }
    if (year < 1900 || hour > 23 || minute > 59 || second > 59) {
      throw NotSure.INSTANCE;
    }
    long day0 = epochDay(year, month, day);
    return Instant.ofEpochSecond(day0 * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
  }

  /** The last date read and its epoch day: a run's samples are mostly of one day. */
  private record Day(int year, int month, int day, long epochDay) {}

  private Day lastDay = new Day(1970, 1, 1, 0);

  /** The epoch day of a date, checked (the day of the month included) by {@link LocalDate}. */
  private long epochDay(int year, int month, int day) {
    Day last = lastDay; // a reader may be shared: the field holds an immutable record
    if (last.year == year && last.month == month && last.day == day) {
      return last.epochDay;
    }
    long epochDay = LocalDate.of(year, month, day).toEpochDay();
    lastDay = new Day(year, month, day, epochDay);
    return epochDay;
  }

  private static int digits(char[] c, int from, int count) throws NotSure {
    int value = 0;
    for (int i = from; i < from + count; i++) {
      int d = c[i] - '0';
      if (d < 0 || d > 9) {
        throw NotSure.INSTANCE;
      }
      value = value * 10 + d;
    }
    return value;
  }
}
