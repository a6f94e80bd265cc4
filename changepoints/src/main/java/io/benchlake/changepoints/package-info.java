/**
 * The change-point detector of {@code benchlake changes} and of the alerts after an ingest: a
 * history of runs in (one point a run: its iteration values, in time or release order), its steps
 * with their evidence, trends, outliers and season out. Pure: no warehouse, no SQL, no files; the
 * same history always gives the same result. Reading a series from the warehouse, keeping it at a
 * commit and printing its report are analytics' ({@code io.benchlake.analytics.changes}).
 *
 * <p>What a user of the detector calls:
 *
 * <ul>
 *   <li>{@link Detector#detect} with {@link Detector.Settings} ({@link Detector.Settings#DEFAULTS}
 *       are the ones docs/changes.md measures), optionally given the history's {@link Releases}
 *       ({@link Releases#of} finds them from the runs' versions); it returns a {@link
 *       Detector.Result};
 *   <li>{@link SeriesAnalysis}: the same analysis kept, so runs appended at the end recompute only
 *       the tail and give exactly what {@link Detector#detect} gives on the whole history;
 *   <li>{@link ChangePoints}: the earlier detector ({@link Method#OTAVA}), kept to compare;
 *   <li>{@link NoiseScale}: the run-to-run noise σ of a history, as the detector takes it.
 * </ul>
 *
 * Every other class is one rule of docs/changes.md ("How segments decides"), package-private. Its
 * test-jar has the scoring the benches use ({@code ChangeScore}) and synthetic histories ({@code
 * SyntheticHistories}).
 */
package io.benchlake.changepoints;
