package io.benchlake.analytics.changes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** A kept history's counts read back from a damaged file are a damaged file, not an allocation. */
class HistoryCodecTest {
  private static DataInputStream bytes(int count, int then) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(b)) {
      out.writeInt(count);
      out.writeInt(then);
    }
    return new DataInputStream(new ByteArrayInputStream(b.toByteArray()));
  }

  @Test
  void aGarbledCountIsADamagedFile() throws IOException {
    assertThrows(IOException.class, () -> HistoryCodec.readValues(bytes(Integer.MAX_VALUE, 0)));
    assertThrows(IOException.class, () -> HistoryCodec.readValues(bytes(-2, 0)));
    assertThrows(IOException.class, () -> HistoryCodec.readString(bytes(0x7fff_fff0, 0)));
    assertThrows(IOException.class, () -> HistoryCodec.readString(bytes(-7, 0)));
    assertThrows(IOException.class, () -> HistoryCodec.count(bytes(HistoryCodec.MOST + 1, 0)));
    assertEquals(HistoryCodec.MOST, HistoryCodec.count(bytes(HistoryCodec.MOST, 0)));
    assertNull(HistoryCodec.readString(bytes(-1, 0)), "-1 is a null string");
    assertEquals(0, HistoryCodec.readValues(bytes(0, 0)).length);
  }
}
