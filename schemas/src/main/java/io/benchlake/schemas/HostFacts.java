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
    String factsSource) {}
