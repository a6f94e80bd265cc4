package io.benchlake.loadgen.server;

import java.util.function.Consumer;

/**
 * What a process does when the server it wants is in use by another benchlake process of the home:
 * waits its turn, saying so through {@code notice}, or refuses ({@code --no-wait}). A start's other
 * notices (a data dir made before, locked down now) go to {@code notice} too.
 */
public record ServerTurn(boolean waits, Consumer<String> notice) {
  /** Waits, saying so on standard error. */
  public static final ServerTurn WAIT = new ServerTurn(true, System.err::println);

  /** Refuses at once, with a message naming the process that has the server. */
  public static final ServerTurn REFUSE = new ServerTurn(false, System.err::println);
}
