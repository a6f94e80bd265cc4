package io.benchlake.loadgen.env;

import io.benchlake.schemas.CpuShare;
import io.benchlake.schemas.HostFacts;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.CentralProcessor.TickType;
import oshi.hardware.HWDiskStore;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/** Facts about this machine and CPU use over an interval, from OSHI. */
public final class HostProbe {
  private final SystemInfo system = new SystemInfo();
  private final CentralProcessor cpu = system.getHardware().getProcessor();
  private final OperatingSystem os = system.getOperatingSystem();

  public HostFacts facts(Optional<Path> dataDir) {
    var id = cpu.getProcessorIdentifier();
    String disk =
        system.getHardware().getDiskStores().stream()
            .map(HWDiskStore::getModel)
            .filter(m -> m != null && !m.isBlank() && !m.equalsIgnoreCase("unknown"))
            .findFirst()
            .orElse("unknown");
    String free = dataDir.flatMap(HostProbe::freeSpace).map(f -> " (" + f + " free)").orElse("");
    return new HostFacts(
        os.getNetworkParams().getHostName(),
        id.getName(),
        cpu.getLogicalProcessorCount(),
        cpu.getPhysicalProcessorCount(),
        cpu.getPhysicalPackageCount(),
        system.getHardware().getMemory().getTotal(),
        System.getProperty("os.name"),
        os.getFamily() + " " + os.getVersionInfo().getVersion(),
        System.getProperty("os.version"),
        disk + free,
        "host");
  }

  private static Optional<String> freeSpace(Path dir) {
    try {
      Path existing = dir;
      while (existing != null && !Files.exists(existing)) {
        existing = existing.getParent();
      }
      if (existing == null) {
        return Optional.empty();
      }
      FileStore store = Files.getFileStore(existing);
      return Optional.of(String.format("%.2f GB", store.getUsableSpace() / 1e9));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Ticks now, to measure CPU use from. */
  public long[] cpuTicks() {
    return cpu.getSystemCpuLoadTicks();
  }

  /** Host CPU use between two tick readings, in percent. */
  public static CpuShare share(long[] before, long[] after) {
    long total = 0;
    for (int i = 0; i < after.length; i++) {
      total += after[i] - before[i];
    }
    if (total <= 0) {
      return new CpuShare(0, 0, 0, 100);
    }
    double t = total;
    long user = delta(before, after, TickType.USER) + delta(before, after, TickType.NICE);
    long sys =
        delta(before, after, TickType.SYSTEM)
            + delta(before, after, TickType.IRQ)
            + delta(before, after, TickType.SOFTIRQ);
    return new CpuShare(
        100 * user / t,
        100 * sys / t,
        100 * delta(before, after, TickType.IOWAIT) / t,
        100 * delta(before, after, TickType.IDLE) / t);
  }

  private static long delta(long[] before, long[] after, TickType type) {
    return after[type.getIndex()] - before[type.getIndex()];
  }

  public Optional<OSProcess> process(long pid) {
    return Optional.ofNullable(os.getProcess((int) pid));
  }

  /** A process's CPU use since an earlier snapshot, in percent of one CPU (as top shows it). */
  public static double processCpuPct(OSProcess before, OSProcess after) {
    long cpuMs =
        (after.getKernelTime() + after.getUserTime())
            - (before.getKernelTime() + before.getUserTime());
    long wallMs = after.getUpTime() - before.getUpTime();
    return wallMs <= 0 ? 0 : 100.0 * cpuMs / wallMs;
  }
}
