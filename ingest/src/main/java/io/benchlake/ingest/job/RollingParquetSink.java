package io.benchlake.ingest.job;

import io.benchlake.warehouse.WarehouseTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.LocalOutputFile;

/**
 * A follow job's Parquet sink for one table: rows go to a hidden file per month partition, and at
 * each checkpoint (before the barrier passes on) every file is closed and given its final name, so
 * that once the checkpoint completes everything read before it is in finished files under {@code
 * dir/TABLE/month=YYYY-MM/}. Commits take the finished files; hidden ones never count.
 */
public class RollingParquetSink implements Sink<GenericRecord> {
  private final String dir;
  private final WarehouseTable table;

  public RollingParquetSink(Path dir, WarehouseTable table) {
    this.dir = dir.toString();
    this.table = table;
  }

  @Override
  public SinkWriter<GenericRecord> createWriter(WriterInitContext context) {
    return new Writer(
        Path.of(dir).resolve(table.dirName()),
        table,
        context.getTaskInfo().getIndexOfThisSubtask());
  }

  private static final class Writer implements SinkWriter<GenericRecord> {
    private final Path tableDir;
    private final WarehouseTable table;
    private final String prefix;
    private final Map<String, ParquetWriter<GenericRecord>> writers = new HashMap<>();
    private final Map<String, Path> hidden = new HashMap<>();
    private long files;

    Writer(Path tableDir, WarehouseTable table, int subtask) {
      this.tableDir = tableDir;
      this.table = table;
      this.prefix = "part-follow-" + UUID.randomUUID() + "-" + subtask + "-";
    }

    @Override
    public void write(GenericRecord row, Context context) throws IOException {
      String month = "month=" + MonthBuckets.month((Long) row.get("started_at"));
      ParquetWriter<GenericRecord> writer = writers.get(month);
      if (writer == null) {
        Path partition = tableDir.resolve(month);
        Files.createDirectories(partition);
        Path file = partition.resolve("." + prefix + files++ + ".parquet.inprogress");
        writer = Rows.parquetWriter(new LocalOutputFile(file), Rows.schema(table)).build();
        writers.put(month, writer);
        hidden.put(month, file);
      }
      writer.write(row);
    }

    /** Closes every open file and gives it its final name (at a checkpoint or the end). */
    @Override
    public void flush(boolean endOfInput) throws IOException {
      for (var e : writers.entrySet()) {
        e.getValue().close();
        Path file = hidden.get(e.getKey());
        String name = file.getFileName().toString();
        Files.move(
            file,
            file.resolveSibling(name.substring(1, name.length() - ".inprogress".length())),
            StandardCopyOption.ATOMIC_MOVE);
      }
      writers.clear();
      hidden.clear();
    }

    @Override
    public void close() throws IOException {
      for (ParquetWriter<GenericRecord> writer : writers.values()) {
        writer.close(); // left hidden: not finished at a checkpoint, so never committed
      }
    }
  }
}
