package io.benchlake.importers;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The batches of one import that read the same source (one file's several ladders, one report's
 * runs), so that a re-import plans them together: two batches share a source when some file of each
 * was imported as the same dataset and test, under the same path or with the same bytes.
 */
public final class SourceGroups {
  private SourceGroups() {}

  static List<List<ImportBatch>> of(List<ImportBatch> batches, Map<String, String> digestOf) {
    int[] parent = new int[batches.size()];
    for (int i = 0; i < parent.length; i++) {
      parent[i] = i;
    }
    Map<String, Integer> firstWith = new HashMap<>();
    for (int i = 0; i < batches.size(); i++) {
      for (SourceRef ref : batches.get(i).sources()) {
        for (String key :
            List.of(
                ref.importedAs() + "\u001fpath\u001f" + ref.path(),
                ref.importedAs() + "\u001fbytes\u001f" + digestOf.get(ref.file()))) {
          Integer j = firstWith.putIfAbsent(key, i);
          if (j != null) {
            parent[find(parent, i)] = find(parent, j);
          }
        }
      }
    }
    Map<Integer, List<ImportBatch>> groups = new LinkedHashMap<>();
    for (int i = 0; i < batches.size(); i++) {
      groups.computeIfAbsent(find(parent, i), k -> new ArrayList<>()).add(batches.get(i));
    }
    return List.copyOf(groups.values());
  }

  private static int find(int[] parent, int i) {
    while (parent[i] != i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  }
}
