package io.benchlake.ingest.job;

import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.avro.AvroSchemaConverter;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

/**
 * Writes warehouse rows (Avro records whose columns are all nullable primitives) to Parquet by
 * column position, with a writer per column chosen once: the file is the one parquet-avro writes
 * (same Parquet schema, same Avro schema in its metadata), without parquet-avro's walk of the Avro
 * schema for every value, which took a tenth of the parsers' time.
 */
final class RowWriter extends WriteSupport<GenericRecord> {
  /** One column's writer. */
  @FunctionalInterface
  private interface Column {
    void write(RecordConsumer out, Object value);
  }

  private final Schema schema;
  private final String[] names;
  private final Column[] columns;
  private RecordConsumer out;

  private RowWriter(Schema schema) {
    this.schema = schema;
    List<Schema.Field> fields = schema.getFields();
    names = new String[fields.size()];
    columns = new Column[fields.size()];
    for (Schema.Field field : fields) {
      names[field.pos()] = field.name();
      columns[field.pos()] = column(field);
    }
  }

  private static Column column(Schema.Field field) {
    Schema type = AvroSchemaConverter.getNonNull(field.schema());
    return switch (type.getType()) {
      case STRING -> (out, v) -> out.addBinary(string(v));
      case LONG -> (out, v) -> out.addLong((Long) v);
      case INT -> (out, v) -> out.addInteger((Integer) v);
      case DOUBLE -> (out, v) -> out.addDouble((Double) v);
      case BOOLEAN -> (out, v) -> out.addBoolean((Boolean) v);
      default ->
          throw new IllegalArgumentException(
              "column " + field.name() + ": " + type + " is not a warehouse column type");
    };
  }

  private static Binary string(Object v) {
    if (v instanceof Utf8 utf8) {
      return Binary.fromReusedByteArray(utf8.getBytes(), 0, utf8.getByteLength());
    }
    return Binary.fromString(v.toString());
  }

  @Override
  public WriteContext init(Configuration configuration) {
    return context(new AvroSchemaConverter(configuration).convert(schema));
  }

  @Override
  public WriteContext init(ParquetConfiguration configuration) {
    return context(new AvroSchemaConverter(configuration).convert(schema));
  }

  private WriteContext context(MessageType type) {
    return new WriteContext(type, Map.of("parquet.avro.schema", schema.toString()));
  }

  @Override
  public String getName() {
    return "avro"; // the files are parquet-avro's: readers may take the Avro schema from them
  }

  @Override
  public void prepareForWrite(RecordConsumer recordConsumer) {
    this.out = recordConsumer;
  }

  @Override
  public void write(GenericRecord row) {
    out.startMessage();
    for (int i = 0; i < columns.length; i++) {
      Object value = row.get(i);
      if (value != null) {
        out.startField(names[i], i);
        columns[i].write(out, value);
        out.endField(names[i], i);
      }
    }
    out.endMessage();
  }

  /** A Parquet writer of rows of {@code schema}. */
  static final class Builder extends ParquetWriter.Builder<GenericRecord, Builder> {
    private final Schema schema;

    Builder(OutputFile file, Schema schema) {
      super(file);
      this.schema = schema;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    protected WriteSupport<GenericRecord> getWriteSupport(Configuration conf) {
      return new RowWriter(schema);
    }

    @Override
    protected WriteSupport<GenericRecord> getWriteSupport(ParquetConfiguration conf) {
      return new RowWriter(schema);
    }
  }
}
