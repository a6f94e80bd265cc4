package io.benchlake.ingest.job;

import io.benchlake.warehouse.WarehouseTable;
import java.util.EnumMap;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.formats.avro.typeutils.GenericRecordAvroTypeInfo;
import org.apache.flink.util.OutputTag;

/** The side outputs of the event router: one per directly-mapped table, and the refused events. */
final class Tags {
  static final Map<WarehouseTable, OutputTag<GenericRecord>> TABLES =
      new EnumMap<>(WarehouseTable.class);
  static final OutputTag<RefusedEvent> REFUSED =
      new OutputTag<>(
          "refused", org.apache.flink.api.common.typeinfo.TypeInformation.of(RefusedEvent.class));

  static {
    for (WarehouseTable table : WarehouseTable.values()) {
      TABLES.put(table, new OutputTag<>(table.dirName(), typeInfo(table)));
    }
  }

  private Tags() {}

  static GenericRecordAvroTypeInfo typeInfo(WarehouseTable table) {
    return new GenericRecordAvroTypeInfo(Rows.schema(table));
  }
}
