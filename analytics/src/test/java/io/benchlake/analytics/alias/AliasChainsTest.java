package io.benchlake.analytics.alias;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A new alias may close no cycle and make no chain longer than the views follow. */
class AliasChainsTest {
  private static final Instant T = Instant.parse("2026-12-07T01:00:00Z");

  static AliasChains.Link link(String id, String from, String to, int minute) {
    return new AliasChains.Link(id, from, to, T.plusSeconds(60L * minute));
  }

  /** d0 -> d1 -> ... -> dN. */
  static List<AliasChains.Link> chain(int hops) {
    List<AliasChains.Link> links = new ArrayList<>();
    for (int i = 0; i < hops; i++) {
      links.add(link("a" + i, "d" + i, "d" + (i + 1), i));
    }
    return links;
  }

  @Test
  void aCycleThroughAnAliasOnlyTheLogHoldsIsRefused() {
    // a -> b was published a moment ago: the warehouse has not got it yet, the log has
    List<AliasChains.Link> warehouse = List.of();
    List<AliasChains.Link> log = List.of(link("x", "a", "b", 1));
    List<AliasChains.Link> all = new ArrayList<>(warehouse);
    all.addAll(log);
    Optional<String> p = AliasChains.of(all).problem("dataset", "b", "a");
    assertTrue(p.isPresent());
    assertEquals(
        "alias dataset 'b' -> 'a' would make a cycle: 'b' -> 'a' -> 'b' (benchlake alias list)",
        p.get());
  }

  @Test
  void aLongerCycleIsRefusedAndNamedStepByStep() {
    Optional<String> p = AliasChains.of(chain(4)).problem("test", "d4", "d1");
    assertEquals(
        "alias test 'd4' -> 'd1' would make a cycle: 'd4' -> 'd1' -> 'd2' -> 'd3' -> 'd4'"
            + " (benchlake alias list)",
        p.orElseThrow());
  }

  @Test
  void aChainOfFiveHopsIsAccepted() {
    assertEquals(Optional.empty(), AliasChains.of(chain(4)).problem("dataset", "d4", "d5"));
    assertEquals(Optional.empty(), AliasChains.of(chain(4)).problem("dataset", "x", "d0"));
  }

  @Test
  void aChainLongerThanTheViewsFollowIsRefusedWhereverItIsExtended() {
    List<AliasChains.Link> fifteen = chain(AliasChains.MAX_HOPS);
    String atTheEnd = AliasChains.of(fifteen).problem("dataset", "d15", "d16").orElseThrow();
    assertTrue(atTheEnd.contains("a chain of 16 aliases ending at 'd16'"), atTheEnd);
    String atTheStart = AliasChains.of(fifteen).problem("dataset", "x", "d0").orElseThrow();
    assertTrue(atTheStart.contains("a chain of 16 aliases ending at 'd15'"), atTheStart);
  }

  @Test
  void theNewestAliasOfANameStandsAndOneOntoItselfTakesItBack() {
    List<AliasChains.Link> links =
        List.of(link("1", "a", "b", 1), link("2", "a", "a", 2), link("3", "c", "d", 1));
    assertEquals(java.util.Map.of("c", "d"), AliasChains.of(links).inForce());
    // with a -> b taken back, b -> a closes no cycle
    assertEquals(Optional.empty(), AliasChains.of(links).problem("dataset", "b", "a"));
  }
}
