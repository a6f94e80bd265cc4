package io.benchlake.schemas;

/** Host CPU time over one interval, in percent of all logical CPUs. */
public record CpuShare(double userPct, double systemPct, double iowaitPct, double idlePct) {}
