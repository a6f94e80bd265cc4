package io.benchlake.importers;

import java.nio.file.Path;

/**
 * One file as the user imported it (docs/architecture.md, Identity): the name it was read under,
 * its path relative to the directory or layout root given (else its file name, with the date given
 * before it when the run is dated so), and the dataset and test given on the command line, in a
 * sidecar or by the layout (null: not given, read from the file). Together with the file's bytes
 * this is what a later import of the same source is matched by; a date taken from a file's mtime
 * never enters it.
 */
public record SourceRef(String file, String path, String dataset, String test) {

  /** A file given by name, imported as nothing more than its name. */
  public static SourceRef named(String file) {
    return new SourceRef(file, fileName(file), null, null);
  }

  public static String fileName(String file) {
    Path name = Path.of(file).getFileName();
    return name == null ? file : name.toString();
  }

  /** The dataset and test given, as run_source records them; "" when neither was. */
  public String importedAs() {
    String d = dataset == null ? "" : "dataset=" + dataset;
    String t = test == null ? "" : "test=" + test;
    return d.isEmpty() || t.isEmpty() ? d + t : d + "; " + t;
  }
}
