package io.benchlake.loadgen.run;

import io.benchlake.loadgen.env.HostProbe;
import io.benchlake.schemas.CpuShare;
import io.benchlake.schemas.Event;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import oshi.software.os.OSProcess;

/** Turns interval reports into printed lines and sample events, with host and server CPU. */
final class IntervalPublisher implements Consumer<IntervalReport> {
  private final HostProbe host;
  private final Consumer<Event> events;
  private final RunEvents runEvents;
  private final SysbenchOutput output;
  private final Optional<Long> serverPid;
  private long[] ticks;
  private OSProcess serverBefore;
  int iteration;

  IntervalPublisher(
      HostProbe host,
      Consumer<Event> events,
      RunEvents runEvents,
      SysbenchOutput output,
      Optional<Long> serverPid) {
    this.host = host;
    this.events = events;
    this.runEvents = runEvents;
    this.ticks = host.cpuTicks();
    this.output = output;
    this.serverPid = serverPid;
    this.serverBefore = serverPid.flatMap(host::process).orElse(null);
  }

  @Override
  public void accept(IntervalReport r) {
    long[] now = host.cpuTicks();
    CpuShare cpu = HostProbe.share(ticks, now);
    ticks = now;
    Double serverCpu = null;
    if (serverBefore != null) {
      OSProcess after = host.process(serverPid.get()).orElse(null);
      if (after != null) {
        serverCpu = HostProbe.processCpuPct(serverBefore, after);
        serverBefore = after;
      }
    }
    String cpuText =
        String.format(
            Locale.ROOT,
            " cpu (u/s/io/idle): %.0f/%.0f/%.0f/%.0f%%%s",
            cpu.userPct(),
            cpu.systemPct(),
            cpu.iowaitPct(),
            cpu.idlePct(),
            serverCpu == null ? "" : String.format(Locale.ROOT, " mariadbd: %.0f%%", serverCpu));
    output.interval(r, cpuText);
    events.accept(runEvents.sample(r, iteration, cpu, serverCpu));
  }
}
