package io.benchlake.schemas;

/**
 * The machine the server runs on. {@code factsSource} says where they came from: {@code host} (read
 * on that machine) or {@code server} (asked of the server over JDBC).
 */
public record HostFacts(
    String name,
    String cpuModel,
    Integer logicalCpus,
    Integer cores,
    Integer sockets,
    Long ramBytes,
    String os,
    String osVersion,
    String kernel,
    String disk,
    String factsSource) {

  /**
   * The testbed these facts name (docs/architecture.md, Identity): host name, CPU model and logical
   * CPUs, as {@code db1 (Intel Xeon Gold 6230, 40 CPUs)}; not RAM, which an upgrade changes. Null
   * without a host name, or with "unknown" for one. sql/30_series.sql names runs that predate the
   * testbed field the same way from their environment.
   */
  public String testbed() {
    if (name == null || name.isBlank() || name.strip().equalsIgnoreCase("unknown")) {
      return null; // "unknown" (an import's host when none was given) names no machine
    }
    java.util.List<String> parts = new java.util.ArrayList<>();
    if (cpuModel != null) {
      parts.add(cpuModel);
    }
    if (logicalCpus != null) {
      parts.add(logicalCpus + " CPUs");
    }
    return parts.isEmpty() ? name : name + " (" + String.join(", ", parts) + ")";
  }
}
