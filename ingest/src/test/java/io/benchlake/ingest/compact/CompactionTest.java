package io.benchlake.ingest.compact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.benchlake.ingest.job.Rows;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which partitions a compaction rewrites, and that it keeps every row and the offsets. */
class CompactionTest {
  @TempDir Path dir;

  /** A row of {@code schema}: {@code id} as its run_id, its other fields null or a sample. */
  private static GenericRecord row(Schema schema, String id) {
    GenericData.Record r = new GenericData.Record(schema);
    for (Schema.Field f : schema.getFields()) {
      Object value =
          switch (f.schema().getType()) {
            case UNION -> null;
            case STRING -> "x";
            case LONG -> 1L;
            case INT -> 1;
            case DOUBLE -> 1.0;
            case FLOAT -> 1.0f;
            case BOOLEAN -> true;
            default -> throw new IllegalStateException("no sample for " + f.schema());
          };
      r.put(f.pos(), value);
    }
    r.put("run_id", id);
    return r;
  }

  /** Commits one file of {@code rows} rows into the runs table's {@code month} as ingest seq. */
  private static void commitFile(Warehouse w, long seq, String month, int rows) throws Exception {
    Schema schema = Rows.schema(WarehouseTable.RUNS);
    IngestTransaction ingest = w.beginIngest();
    assertEquals(seq, ingest.seq());
    Path file = ingest.staging().resolve("runs/month=" + month + "/part-" + seq + "-0.parquet");
    Files.createDirectories(file.getParent());
    try (ParquetWriter<GenericRecord> writer =
        Rows.parquetWriter(new LocalOutputFile(file), schema).build()) {
      for (int i = 0; i < rows; i++) {
        writer.write(row(schema, seq + "-" + i));
      }
    }
    ingest.commit(Manifest.Progress.at(Map.of(0, seq * 10)));
  }

  private static List<String> ids(Warehouse w) throws Exception {
    List<String> ids = new ArrayList<>();
    for (Path file : w.files(WarehouseTable.RUNS)) {
      try (ParquetReader<GenericRecord> reader =
          AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file))
              .withDataModel(GenericData.get())
              .build()) {
        for (GenericRecord r; (r = reader.read()) != null; ) {
          ids.add(r.get("run_id").toString());
        }
      }
    }
    return ids.stream().sorted().toList();
  }

  @Test
  void aPartitionOverTheLimitBecomesOneFileWithEveryRowAndTheSameOffsets() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("w"));
    for (long seq = 1; seq <= 3; seq++) {
      commitFile(w, seq, "2026-03", 2);
    }
    commitFile(w, 4, "2026-04", 1);
    commitFile(w, 5, "2026-04", 1);
    List<String> before = ids(w);
    Manifest last = w.current();

    Compaction.Result r = new Compaction(2).compact(w);

    assertEquals(new Compaction.Result(6, 3, 1), r);
    Manifest now = w.current();
    assertEquals(6, now.seq());
    assertEquals(last.offsets(), now.offsets(), "a compaction reads nothing");
    assertEquals(before, ids(w), "every row, once");
    List<String> files = now.files(WarehouseTable.RUNS);
    assertEquals(3, files.size(), files.toString());
    assertEquals(
        1, files.stream().filter(f -> f.contains("month=2026-03")).count(), files.toString());
    assertTrue(
        files.stream().anyMatch(f -> f.endsWith("month=2026-03/part-6-compacted.parquet")),
        files.toString());
    assertEquals(
        2, files.stream().filter(f -> f.contains("month=2026-04")).count(), "at the limit: kept");
    try (var left = Files.walk(w.root().resolve("runs/month=2026-03"))) {
      assertEquals(1, left.filter(Files::isRegularFile).count(), "the replaced files are gone");
    }
  }

  @Test
  void nothingOverTheLimitCommitsNothing() throws Exception {
    Warehouse w = new Warehouse(dir.resolve("w"));
    commitFile(w, 1, "2026-03", 1);
    commitFile(w, 2, "2026-03", 1);

    assertEquals(new Compaction.Result(2, 0, 0), new Compaction(2).compact(w));
    assertEquals(2, w.current().seq());
  }

  @Test
  void aLimitBelowTwoIsRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new Compaction(1));
    assertTrue(e.getMessage().contains("--compact-above"), e.getMessage());
  }
}
