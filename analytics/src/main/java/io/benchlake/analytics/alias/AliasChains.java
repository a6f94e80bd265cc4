package io.benchlake.analytics.alias;

import java.time.Instant;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The users' aliases of one kind in force, from every alias published (those ingested and those
 * still only in the event log): for one name the newest stands, and one mapping a name onto itself
 * takes it back. A new alias may make neither a cycle nor a chain longer than the views follow.
 */
public record AliasChains(Map<String, String> inForce) {
  /**
   * The longest chain of users' aliases accepted: the views follow 16 steps (00_aliases.sql), one
   * of them kept for a built-in alias at the chain's end (my_rw -> oltp_read_write -> OLTP_RW).
   */
  public static final int MAX_HOPS = 15;

  /** One alias published: FROM read as TO from {@code emittedAt} on. */
  public record Link(String eventId, String from, String to, Instant emittedAt) {}

  public AliasChains {
    inForce = Map.copyOf(inForce);
  }

  /** The aliases in force among {@code links} (an event seen twice counts once). */
  public static AliasChains of(Collection<Link> links) {
    Map<String, Link> newest = new HashMap<>();
    Comparator<Link> order = Comparator.comparing(Link::emittedAt).thenComparing(Link::eventId);
    for (Link l : links) {
      newest.merge(l.from(), l, (a, b) -> order.compare(a, b) >= 0 ? a : b);
    }
    Map<String, String> inForce = new HashMap<>();
    newest.values().stream()
        .filter(l -> !l.from().equals(l.to()))
        .forEach(l -> inForce.put(l.from(), l.to()));
    return new AliasChains(inForce);
  }

  /** Why {@code from -> to} may not be added, if it may not. */
  public Optional<String> problem(String kind, String from, String to) {
    Map<String, String> after = new HashMap<>(inForce);
    after.put(from, to);
    List<String> forward = new java.util.ArrayList<>(List.of(from));
    Set<String> seen = new HashSet<>(forward);
    for (String name = to; name != null; name = after.get(name)) {
      forward.add(name);
      if (!seen.add(name)) {
        return Optional.of(
            String.format(
                "alias %s '%s' -> '%s' would make a cycle: %s (benchlake alias list)",
                kind, from, to, String.join(" -> ", quoted(forward))));
      }
    }
    int hops = (forward.size() - 1) + longestInto(after, from);
    if (hops > MAX_HOPS) {
      return Optional.of(
          String.format(
              "alias %s '%s' -> '%s' would make a chain of %d aliases ending at '%s'; at most %d"
                  + " are followed: alias the names onto '%s' directly",
              kind,
              from,
              to,
              hops,
              forward.get(forward.size() - 1),
              MAX_HOPS,
              forward.get(forward.size() - 1)));
    }
    return Optional.empty();
  }

  /** The most aliases in force that lead into {@code name}, one after another. */
  private static int longestInto(Map<String, String> aliases, String name) {
    Map<String, List<String>> into = new HashMap<>();
    aliases.forEach((f, t) -> into.computeIfAbsent(t, k -> new java.util.ArrayList<>()).add(f));
    int depth = 0;
    Deque<String> level = new ArrayDeque<>(List.of(name));
    Set<String> seen = new HashSet<>(level);
    while (true) {
      Deque<String> next = new ArrayDeque<>();
      for (String n : level) {
        for (String f : into.getOrDefault(n, List.of())) {
          if (seen.add(f)) {
            next.add(f);
          }
        }
      }
      if (next.isEmpty()) {
        return depth;
      }
      depth++;
      level = next;
    }
  }

  private static List<String> quoted(List<String> names) {
    return names.stream().map(n -> "'" + n + "'").toList();
  }
}
