package io.benchlake.ingest.compact;

import io.benchlake.ingest.job.Rows;
import io.benchlake.warehouse.CommittedFiles;
import io.benchlake.warehouse.IngestTransaction;
import io.benchlake.warehouse.Manifest;
import io.benchlake.warehouse.Warehouse;
import io.benchlake.warehouse.WarehouseTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;

/**
 * Keeps the warehouse from filling with small files: a month partition of a table that has more
 * than {@code maxFiles} committed files is rewritten as one file, committed as a commit of its own
 * ({@link Warehouse#beginCompaction}) that reads nothing (same offsets) and replaces those files
 * (docs/architecture.md, Warehouse commits). Rows are copied as they are, ingest_seq included, so
 * every view answers as before.
 */
public final class Compaction {
  private final int maxFiles;

  public Compaction(int maxFiles) {
    if (maxFiles < 2) {
      throw new IllegalArgumentException("--compact-above must be at least 2, was " + maxFiles);
    }
    this.maxFiles = maxFiles;
  }

  /** What a compaction did: the commit's sequence number and the files it replaced and wrote. */
  public record Result(long seq, int filesReplaced, int filesWritten) {}

  /** Compacts every partition over the limit in one commit; the caller holds the lock. */
  public Result compact(Warehouse warehouse) throws IOException {
    IngestTransaction compaction = warehouse.beginCompaction();
    Manifest current = warehouse.current();
    long seq = compaction.seq();
    Set<String> removed = new HashSet<>();
    int written = 0;
    for (WarehouseTable table : WarehouseTable.values()) {
      for (var partition : partitions(current.files(table)).entrySet()) {
        if (partition.getValue().size() <= maxFiles) {
          continue;
        }
        // A damaged file copied into a compacted one would carry its wrong values under a new,
        // valid hash: compaction checks what it reads against the commit first.
        CommittedFiles.refuse(
            CommittedFiles.damage(warehouse.root(), current, partition.getValue(), true));
        Path target =
            compaction
                .staging()
                .resolve(table.dirName())
                .resolve(partition.getKey())
                .resolve("part-" + seq + "-compacted.parquet");
        rewrite(warehouse.root(), partition.getValue(), target, Rows.schema(table));
        removed.addAll(partition.getValue());
        written++;
      }
    }
    if (written == 0) {
      return new Result(current.seq(), 0, 0);
    }
    compaction.commit(current.progress(), removed);
    return new Result(seq, removed.size(), written);
  }

  /** Files by their partition directory (e.g. month=2026-04), relative to the table. */
  private static Map<String, List<String>> partitions(List<String> files) {
    Map<String, List<String>> byPartition = new LinkedHashMap<>();
    for (String file : files) {
      Path p = Path.of(file);
      String partition = p.getNameCount() > 2 ? p.subpath(1, p.getNameCount() - 1).toString() : "";
      byPartition.computeIfAbsent(partition, k -> new ArrayList<>()).add(file);
    }
    return byPartition;
  }

  /**
   * Copies the rows of {@code files} into one file of the table's current schema; a column an older
   * file lacks is null there, as the views read it.
   */
  private static void rewrite(Path root, List<String> files, Path target, Schema schema)
      throws IOException {
    Files.createDirectories(target.getParent());
    try (ParquetWriter<GenericRecord> writer =
        Rows.parquetWriter(new LocalOutputFile(target), schema)
            .withCompressionCodec(CompressionCodecName.SNAPPY)
            .build()) {
      for (String file : files) {
        try (ParquetReader<GenericRecord> reader =
            AvroParquetReader.<GenericRecord>builder(new LocalInputFile(root.resolve(file)))
                .withDataModel(GenericData.get())
                .build()) {
          GenericRecord row;
          while ((row = reader.read()) != null) {
            writer.write(reshape(row, schema));
          }
        }
      }
    }
  }

  private static GenericRecord reshape(GenericRecord row, Schema schema) {
    if (row.getSchema().equals(schema)) {
      return row;
    }
    GenericData.Record out = new GenericData.Record(schema);
    for (Schema.Field f : schema.getFields()) {
      out.put(f.pos(), row.hasField(f.name()) ? row.get(f.name()) : null);
    }
    return out;
  }
}
