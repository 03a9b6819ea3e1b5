import { readFileSync } from 'node:fs';

/** A process's resident set and its high-water mark (VmRSS, VmHWM), in bytes. */
export interface ProcessMemory {
  pid: number;
  rss: number;
  peak: number;
}

/** The process's memory from /proc (Linux), or null when it is gone. */
export function processMemory(pid: number): ProcessMemory | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const bytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { pid, rss: bytes('VmRSS'), peak: bytes('VmHWM') };
  } catch {
    return null;
  }
}
