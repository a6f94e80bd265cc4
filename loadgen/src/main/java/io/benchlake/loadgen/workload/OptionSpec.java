package io.benchlake.loadgen.workload;

/** One option of a workload as sysbench names it, with its default and what it does. */
public record OptionSpec(String name, String defaultValue, String description) {}
