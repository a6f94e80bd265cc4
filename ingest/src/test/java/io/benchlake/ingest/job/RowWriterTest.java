package io.benchlake.ingest.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.benchlake.warehouse.WarehouseTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.parquet.avro.AvroParquetReader;
import org.apache.parquet.avro.AvroParquetWriter;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.metadata.FileMetaData;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.LocalOutputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The rows writer writes the files parquet-avro writes: same rows, schema and Avro metadata. */
class RowWriterTest {
  @TempDir Path dir;

  @Test
  void everyTableWritesWhatParquetAvroWrites() throws IOException {
    Random random = new Random(7);
    for (WarehouseTable table : WarehouseTable.values()) {
      Schema schema = Rows.schema(table);
      List<GenericRecord> rows = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        rows.add(row(schema, random));
      }
      Path ours = dir.resolve(table.dirName() + "-ours.parquet");
      Path theirs = dir.resolve(table.dirName() + "-theirs.parquet");
      try (ParquetWriter<GenericRecord> w =
          Rows.parquetWriter(new LocalOutputFile(ours), schema).build()) {
        for (GenericRecord r : rows) {
          w.write(r);
        }
      }
      try (ParquetWriter<GenericRecord> w =
          AvroParquetWriter.<GenericRecord>builder(new LocalOutputFile(theirs))
              .withSchema(schema)
              .withDataModel(GenericData.get())
              .build()) {
        for (GenericRecord r : rows) {
          w.write(r);
        }
      }
      FileMetaData ourMeta = meta(ours);
      FileMetaData theirMeta = meta(theirs);
      assertEquals(theirMeta.getSchema(), ourMeta.getSchema(), table.dirName());
      assertEquals(new AvroSchemaConverter().convert(schema), ourMeta.getSchema());
      assertEquals(
          theirMeta.getKeyValueMetaData().get("parquet.avro.schema"),
          ourMeta.getKeyValueMetaData().get("parquet.avro.schema"));
      assertEquals(
          theirMeta.getKeyValueMetaData().get("writer.model.name"),
          ourMeta.getKeyValueMetaData().get("writer.model.name"));
      assertEquals(read(theirs), read(ours), table.dirName());
      assertEquals(500, read(ours).size());
    }
  }

  /** A row with every column null a third of the time, and awkward values otherwise. */
  private static GenericRecord row(Schema schema, Random random) {
    GenericRecord r = new GenericData.Record(schema);
    for (Schema.Field f : schema.getFields()) {
      if (random.nextInt(3) == 0) {
        continue;
      }
      Object value =
          switch (AvroSchemaConverter.getNonNull(f.schema()).getType()) {
            case STRING ->
                random.nextBoolean()
                    ? "v" + random.nextInt(20) + (random.nextBoolean() ? " ünï €" : "")
                    : new Utf8("utf8-" + random.nextInt(1000));
            case LONG -> random.nextBoolean() ? random.nextLong() : (long) random.nextInt(5);
            case INT -> random.nextInt();
            case DOUBLE ->
                switch (random.nextInt(6)) {
                  case 0 -> Double.NaN;
                  case 1 -> -0.0;
                  case 2 -> Double.MAX_VALUE;
                  default -> random.nextGaussian() * 1e6;
                };
            case BOOLEAN -> random.nextBoolean();
            default -> throw new AssertionError(f);
          };
      r.put(f.pos(), value);
    }
    return r;
  }

  private static FileMetaData meta(Path file) throws IOException {
    try (ParquetFileReader reader = ParquetFileReader.open(new LocalInputFile(file))) {
      return reader.getFooter().getFileMetaData();
    }
  }

  private static List<String> read(Path file) throws IOException {
    List<String> rows = new ArrayList<>();
    try (ParquetReader<GenericRecord> reader =
        AvroParquetReader.<GenericRecord>builder(new LocalInputFile(file))
            .withDataModel(GenericData.get())
            .build()) {
      for (GenericRecord r = reader.read(); r != null; r = reader.read()) {
        rows.add(r.toString());
      }
    }
    return rows;
  }
}
