import { readFileSync } from 'node:fs';

/**
 * How busy the machine's CPUs were between two moments, every process counted (the server, PostgreSQL,
 * the load generator, and whatever else runs on a shared machine), from /proc/stat. Null where there
 * is no /proc/stat.
 */

interface CpuTimes {
  busy: number;
  total: number;
}

function cpuTimes(): CpuTimes | null {
  try {
    const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle time.
    const total = ticks.slice(0, 8).reduce((sum, n) => sum + n, 0);
    return { busy: total - ticks[3] - ticks[4], total };
  } catch {
    return null;
  }
}

/** Starts a measurement; the answered function gives the busy share (0..1) since then. */
export function startBusyMeter(): () => number | null {
  const start = cpuTimes();
  return () => {
    const end = cpuTimes();
    if (!start || !end || end.total === start.total) return null;
    return (end.busy - start.busy) / (end.total - start.total);
  };
}

/** The busy share over `ms` of doing nothing here. */
export async function idleBusy(ms: number): Promise<number | null> {
  const meter = startBusyMeter();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return meter();
}
