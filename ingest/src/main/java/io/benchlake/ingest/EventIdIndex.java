package io.benchlake.ingest;

import java.nio.charset.StandardCharsets;

/**
 * The first version of every event id of a log, in three longs an id (a follow job keeps every id
 * of a log that is kept forever, so no strings): the first 64 bits of the SHA-256 of the id, of the
 * version's bytes, and where it is (partition and offset). Open addressing, linear probing, grown
 * at three quarters full. An id whose hash meets another id's is told apart by reading the version
 * again (its bytes name its id).
 */
final class EventIdIndex {
  private long[] ids;
  private long[] digests;
  private long[] places;
  private int size;

  EventIdIndex(int expected) {
    int capacity =
        Integer.highestOneBit(Math.max(16, (int) Math.min(1 << 29, expected * 4L / 3))) << 1;
    ids = new long[capacity];
    digests = new long[capacity];
    places = new long[capacity];
  }

  /** The key of an event id: never 0, which marks an empty slot. */
  static long key(String eventId) {
    long k = ContentConflicts.digest(eventId.getBytes(StandardCharsets.UTF_8));
    return k == 0 ? 1 : k;
  }

  /** Where a version is: the partition in the top 16 bits, the offset in the other 48. */
  static long place(int partition, long offset) {
    return ((long) partition << 48) | offset;
  }

  static int partitionOf(long place) {
    return (int) (place >>> 48);
  }

  static long offsetOf(long place) {
    return place & ((1L << 48) - 1);
  }

  int size() {
    return size;
  }

  /** The slot of {@code key}: where it is, or the empty one where it would go. */
  private int slot(long key) {
    int mask = ids.length - 1;
    int i = (int) (key ^ (key >>> 32)) & mask;
    while (ids[i] != 0 && ids[i] != key) {
      i = (i + 1) & mask;
    }
    return i;
  }

  /** Whether {@code key} is held. */
  boolean contains(long key) {
    return ids[slot(key)] == key;
  }

  /** The digest held for {@code key} (call only when it is held). */
  long digest(long key) {
    return digests[slot(key)];
  }

  /** Where the version held for {@code key} is (call only when it is held). */
  long place(long key) {
    return places[slot(key)];
  }

  /** Holds {@code key}'s version, replacing the one held. */
  void put(long key, long digest, long place) {
    int i = slot(key);
    if (ids[i] == 0) {
      if (++size * 4L > ids.length * 3L) {
        grow();
        i = slot(key);
      }
      ids[i] = key;
    }
    digests[i] = digest;
    places[i] = place;
  }

  private void grow() {
    long[] oldIds = ids;
    long[] oldDigests = digests;
    long[] oldPlaces = places;
    ids = new long[oldIds.length * 2];
    digests = new long[ids.length];
    places = new long[ids.length];
    for (int j = 0; j < oldIds.length; j++) {
      if (oldIds[j] != 0) {
        int i = slot(oldIds[j]);
        ids[i] = oldIds[j];
        digests[i] = oldDigests[j];
        places[i] = oldPlaces[j];
      }
    }
  }
}
