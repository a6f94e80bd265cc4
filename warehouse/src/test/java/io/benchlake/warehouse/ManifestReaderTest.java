package io.benchlake.warehouse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.core.JacksonException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The streaming reader reads every manifest as the object mapper that wrote it reads it. */
class ManifestReaderTest {
  @Test
  void randomManifestsReadAsTheMapperReadsThem() throws Exception {
    Random random = new Random(25);
    for (int i = 0; i < 200; i++) {
      Manifest written = randomManifest(random);
      byte[] json = Warehouse.JSON.writeValueAsBytes(written);
      Manifest byMapper = Warehouse.JSON.readValue(json, Manifest.class);
      assertEquals(byMapper, ManifestReader.read(json), new String(json, StandardCharsets.UTF_8));
      assertEquals(written, ManifestReader.read(json));
    }
  }

  @Test
  void anEarlierVersionsManifestReadsWithDefaultsAsTheMapperGivesThem() throws Exception {
    for (String json :
        List.of(
            "{\"seq\":4,\"committedAt\":\"2026-03-01T00:00:00Z\",\"offsets\":{\"0\":7},"
                + "\"files\":{\"runs\":[\"runs/month=2026-03/part-1-0.parquet\"]}}",
            "{\"seq\":5,\"committedAt\":1772323200.5,\"offsets\":{},\"readUpTo\":null,"
                + "\"files\":{},\"facts\":null,\"log\":null,\"events\":null}")) {
      byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
      assertEquals(Warehouse.JSON.readValue(bytes, Manifest.class), ManifestReader.read(bytes));
    }
  }

  @Test
  void whatTheMapperRefusesIsRefused() {
    for (String json :
        List.of(
            "{\"seq\":1,\"offsets\":{},\"files\":{},\"extra\":1}",
            "{\"seq\":1,\"offsets\":{},\"files\":{\"runs\":\"one file\"}}",
            "{\"seq\":\"one\",\"offsets\":{},\"files\":{}}",
            "{\"seq\":1,\"offsets\":{},\"files\":{},\"committedAt\":\"yesterday\"}",
            "{\"seq\":1,\"files\":{}}",
            "{\"seq\":1,\"offsets\":{}}",
            "{\"seq\":1,\"offsets\":{},\"files\":{}",
            "[]")) {
      byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
      assertThrows(
          JacksonException.class, () -> Warehouse.JSON.readValue(bytes, Manifest.class), json);
      assertThrows(JacksonException.class, () -> ManifestReader.read(bytes), json);
    }
  }

  private static Manifest randomManifest(Random random) {
    Map<Integer, Long> offsets = new TreeMap<>();
    Map<Integer, Long> readUpTo = new TreeMap<>();
    for (int p = 0; p < random.nextInt(4); p++) {
      long o = Math.abs(random.nextLong() % 1_000_000_000_000L);
      offsets.put(p, o);
      readUpTo.put(p, o + random.nextInt(3));
    }
    Map<String, List<String>> files = new LinkedHashMap<>();
    Map<String, Manifest.FileFacts> facts = new TreeMap<>();
    for (WarehouseTable table : WarehouseTable.values()) {
      if (random.nextInt(3) == 0) {
        continue;
      }
      List<String> list = new java.util.ArrayList<>();
      for (int f = 0; f < random.nextInt(5); f++) {
        String file =
            table.dirName()
                + "/month=2026-0"
                + (1 + f)
                + "/part-"
                + random.nextInt(99)
                + "-0 \"é\".parquet";
        list.add(file);
        if (random.nextBoolean()) {
          facts.put(
              file,
              new Manifest.FileFacts(random.nextInt(1 << 30), Long.toHexString(random.nextLong())));
        }
      }
      files.put(table.dirName(), list);
    }
    Instant committed =
        Instant.ofEpochSecond(
            1_700_000_000L + random.nextInt(100_000_000), random.nextInt(1_000_000_000));
    boolean older = random.nextInt(4) == 0;
    return new Manifest(
        1 + random.nextInt(10_000),
        committed,
        offsets,
        older ? null : readUpTo,
        older ? null : committed.minusMillis(random.nextInt(100_000)),
        files,
        older ? null : facts,
        random.nextBoolean()
            ? null
            : new Manifest.LogIdentity(
                "cluster-" + random.nextInt(9), "topic/" + random.nextInt(9)),
        random.nextBoolean() ? null : (long) random.nextInt(1_000_000),
        older ? null : fingerprints(random, readUpTo),
        random.nextBoolean() ? Map.of() : Map.of(0, (long) random.nextInt(1000)));
  }

  private static Map<Integer, Manifest.Fingerprint> fingerprints(
      Random random, Map<Integer, Long> readUpTo) {
    Map<Integer, Manifest.Fingerprint> out = new TreeMap<>();
    readUpTo.forEach(
        (p, o) ->
            out.put(
                p,
                new Manifest.Fingerprint(
                    Math.max(0, o - 1 - random.nextInt(2)),
                    random.nextInt(5) == 0 ? null : "id-" + random.nextInt(99),
                    Long.toHexString(random.nextLong()))));
    return out;
  }
}
