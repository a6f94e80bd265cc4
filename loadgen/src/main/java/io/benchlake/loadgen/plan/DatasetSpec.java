package io.benchlake.loadgen.plan;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import java.util.Map;
import java.util.Objects;

/**
 * One dataset of a plan: a label (null: "Mariadb " and the server's version) and its server under
 * test, one {@link ServerSpec} kind each. A plan file writes a dataset as one flat map ({@code
 * label}, {@code embedded} or {@code install-dir} or {@code jdbc-url}, and that kind's keys), which
 * {@link DatasetYaml} reads.
 */
@JsonDeserialize(using = DatasetYaml.class)
public record DatasetSpec(String label, ServerSpec server) {

  public DatasetSpec {
    Objects.requireNonNull(server, "server");
  }

  public static DatasetSpec embedded(String version) {
    return new DatasetSpec(null, new ServerSpec.Embedded(version, Map.of()));
  }
}
