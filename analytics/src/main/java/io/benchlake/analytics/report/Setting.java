package io.benchlake.analytics.report;

/**
 * One setting of a dataset's run: {@code source} is where it was read ({@code cnf}, the config
 * file; {@code variable}, the server's global variables).
 */
public record Setting(String source, String dataset, String name, String value) {}
