package io.benchlake.importers;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Prints "files done / total" every two seconds while a long import parses, and nothing for short
 * ones.
 */
public final class Progress implements AutoCloseable {
  private final PrintStream out;
  private final int total;
  private final AtomicInteger done = new AtomicInteger();
  private final java.util.concurrent.atomic.AtomicLong bytes =
      new java.util.concurrent.atomic.AtomicLong();
  private final long began = System.nanoTime();
  private final Thread printer;

  public Progress(PrintStream out, int total) {
    this.out = out;
    this.total = total;
    this.printer = new Thread(this::print, "import-progress");
    printer.setDaemon(true);
    printer.start();
  }

  public <T> T done(T item, long size) {
    done.incrementAndGet();
    bytes.addAndGet(size);
    return item;
  }

  private void print() {
    try {
      while (true) {
        Thread.sleep(2000);
        double s = (System.nanoTime() - began) / 1e9;
        out.printf(
            Locale.ROOT, "  %d / %d files (%.0f files/s)%n", done.get(), total, done.get() / s);
      }
    } catch (InterruptedException e) {
      // finished
    }
  }

  @Override
  public void close() {
    printer.interrupt();
  }
}
