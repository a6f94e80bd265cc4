package io.benchlake.importers.hammerdb;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlake.schemas.TransactionTiming;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** v6.0's {@code jobs JOBID save} report, {@code hdb_<jobid>.json}: real JSON types. */
final class HammerdbJobReport {
  private HammerdbJobReport() {}

  static void read(JsonNode root, HammerdbFile out, int line, HammerdbResult last) {
    String where = out.at(line);
    JsonNode job = root.path("job");
    out.hammerdbVersion = job.path("hdb_version").asText(out.hammerdbVersion);
    out.dbVersion = job.hasNonNull("release") ? job.get("release").asText() : out.dbVersion;
    JsonNode config = root.path("benchmark_config");
    if (config.has("warehouses")) {
      out.warehouses = config.path("warehouses").asInt();
    }
    HammerdbResult r = new HammerdbResult(out, line + 1);
    r.jobId = job.path("jobid").asText(null);
    r.jobTimestamp = HammerdbClock.sqlite(job.path("timestamp").asText(""), where).orElse(null);
    r.database = job.path("database_display").asText(job.path("database").asText(null));
    JsonNode result = root.path("result");
    if (result.hasNonNull("nopm") && result.hasNonNull("tpm")) {
      r.nopm = result.path("nopm").asLong();
      r.tpm = result.path("tpm").asLong();
    } else {
      r.failure = "the job report has no result";
    }
    r.activeVus =
        result.hasNonNull("active_virtual_users")
            ? Integer.valueOf(result.path("active_virtual_users").asInt())
            : config.hasNonNull("virtual_users")
                ? Integer.valueOf(config.path("virtual_users").asInt())
                : null;
    r.rampupMin = config.hasNonNull("rampup_minutes") ? config.get("rampup_minutes").asInt() : null;
    r.durationMin =
        config.hasNonNull("duration_minutes") ? config.get("duration_minutes").asInt() : null;
    List<TransactionTiming> rows = new ArrayList<>();
    root.path("response_times")
        .path("rows")
        .forEach(x -> rows.add(HammerdbJobsJson.timing(x.path("name").asText(), x)));
    if (!rows.isEmpty()) {
      r.offer(
          new HammerdbFile.Profile(
              0, rows, HammerdbFile.Source.SAVED_REPORT, Optional.empty(), "", where));
    }
    for (JsonNode s : root.path("transaction_count").path("series")) {
      List<HammerdbFile.CounterSample> samples = new ArrayList<>();
      s.path("points")
          .forEach(
              p ->
                  samples.add(
                      new HammerdbFile.CounterSample(
                          HammerdbClock.sqlite(p.path("timestamp").asText(""), where),
                          p.path("value").asLong())));
      if (r.counter == null && !samples.isEmpty()) {
        r.counter =
            new HammerdbFile.Counter(s.path("database").asText(""), List.copyOf(samples), where);
      }
    }
    if (last != null && r.jobId != null && r.jobId.equals(last.jobId)) {
      last.fillFrom(r);
    } else {
      out.results.add(r);
    }
  }
}
