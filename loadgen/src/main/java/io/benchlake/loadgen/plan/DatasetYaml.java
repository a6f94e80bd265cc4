package io.benchlake.loadgen.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads a dataset of a plan file: one flat map whose kind key ({@code embedded}, {@code
 * install-dir} or {@code jdbc-url}) picks the {@link ServerSpec}, and only that kind's keys. Every
 * mistake carries the path of the key it is at, so the plan's reader names its line.
 */
final class DatasetYaml extends StdDeserializer<DatasetSpec> {
  private static final List<String> KINDS = List.of("embedded", "install-dir", "jdbc-url");

  /** The keys each kind takes besides {@code label} and the kind's own. */
  private static final Map<String, List<String>> KEYS =
      Map.of(
          "embedded", List.of("cnf"),
          "install-dir", List.of("cnf", "cnf-template"),
          "jdbc-url", List.of("user", "password-env"));

  private static final List<Object> KNOWN =
      List.of(
          "label",
          "embedded",
          "install-dir",
          "jdbc-url",
          "cnf",
          "cnf-template",
          "user",
          "password-env");

  private static final TypeReference<Map<String, String>> SETTINGS = new TypeReference<>() {};

  DatasetYaml() {
    super(DatasetSpec.class);
  }

  @Override
  public DatasetSpec deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
    if (!p.isExpectedStartObjectToken()) {
      throw mistake(p, null, "a dataset is a map with one of " + kinds());
    }
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, String> cnf = null;
    for (String key = p.nextFieldName(); key != null; key = p.nextFieldName()) {
      if (!KNOWN.contains(key)) {
        throw UnrecognizedPropertyException.from(p, DatasetSpec.class, key, KNOWN);
      }
      JsonToken value = p.nextToken();
      if (key.equals("cnf")) {
        cnf = settings(p, ctxt);
      } else if (!value.isScalarValue()) {
        throw mistake(p, key, key + " takes one value, not a list or a map");
      } else if (value != JsonToken.VALUE_NULL) { // as if absent, as a missing key
        values.put(key, p.getValueAsString());
      }
    }
    return new DatasetSpec(values.get("label"), server(p, values, cnf));
  }

  /** A dataset left empty ({@code - } alone) says what it lacks rather than being no dataset. */
  @Override
  public DatasetSpec getNullValue(DeserializationContext ctxt) throws JsonMappingException {
    throw mistake(ctxt.getParser(), null, "a dataset is empty: name one of " + kinds());
  }

  /** The [mysqld] settings of {@code cnf}; a setting without a value is named. */
  private static Map<String, String> settings(JsonParser p, DeserializationContext ctxt)
      throws IOException {
    Map<String, String> settings;
    try {
      settings = ctxt.readValue(p, ctxt.getTypeFactory().constructType(SETTINGS));
    } catch (JsonMappingException e) {
      e.prependPath(DatasetSpec.class, "cnf");
      throw e;
    }
    if (settings == null) {
      return Map.of();
    }
    for (Map.Entry<String, String> setting : settings.entrySet()) {
      if (setting.getValue() == null) {
        MismatchedInputException e =
            mistake(p, setting.getKey(), "the cnf setting " + setting.getKey() + " has no value");
        e.prependPath(DatasetSpec.class, "cnf");
        throw e;
      }
    }
    return settings;
  }

  /** The server of the kind the dataset names, with the keys that kind takes. */
  private static ServerSpec server(
      JsonParser p, Map<String, String> values, Map<String, String> cnf)
      throws JsonMappingException {
    List<String> kinds = KINDS.stream().filter(values::containsKey).toList();
    if (kinds.size() != 1) {
      throw mistake(
          p,
          kinds.size() > 1 ? kinds.get(1) : null,
          "a dataset needs exactly one of "
              + kinds()
              + (kinds.isEmpty() ? "" : ", not both " + kinds.get(0) + " and " + kinds.get(1)));
    }
    String kind = kinds.get(0);
    List<String> given = new ArrayList<>(values.keySet());
    if (cnf != null) {
      given.add("cnf");
    }
    for (String key : given) {
      if (!key.equals("label") && !key.equals(kind) && !KEYS.get(kind).contains(key)) {
        throw mistake(p, key, key + " does not go with " + kind + alongside(kind));
      }
    }
    String value = values.get(kind);
    Map<String, String> settings = cnf == null ? Map.of() : cnf;
    try {
      return switch (kind) {
        case "embedded" -> new ServerSpec.Embedded(value, settings);
        case "install-dir" ->
            new ServerSpec.InstallDir(
                Path.of(value),
                Optional.ofNullable(values.get("cnf-template")).map(Path::of),
                settings);
        default -> new ServerSpec.Jdbc(value, values.get("user"), null, values.get("password-env"));
      };
    } catch (IllegalArgumentException e) {
      // the kind's record checks its own value: the URL's scheme, the path
      throw mistake(p, kind, e.getMessage());
    }
  }

  private static String alongside(String kind) {
    List<String> takes = new ArrayList<>(List.of("label", kind));
    takes.addAll(KEYS.get(kind));
    return " (a dataset of " + kind + " takes " + String.join(", ", takes) + ")";
  }

  private static String kinds() {
    return String.join(", ", KINDS.subList(0, 2)) + " or " + KINDS.get(2);
  }

  /** A mistake at {@code key} of this dataset, or at the dataset as a whole when it is null. */
  private static MismatchedInputException mistake(JsonParser p, String key, String message) {
    MismatchedInputException e = MismatchedInputException.from(p, DatasetSpec.class, message);
    if (key != null) {
      e.prependPath(DatasetSpec.class, key);
    }
    return e;
  }
}
