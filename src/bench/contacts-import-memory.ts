import { mkdtempSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importFile, settleAfterImport, signUp } from './contacts-import-http';
import { processMemory } from './process-memory';
import { BenchServer, startScript, type ServerRuntime } from './server-process';

/**
 * The server's memory around a large import, on a server started as a user starts it (BenchServer):
 * its RSS while idle right before the import, and its peak from the upload's start until the import
 * answered and the embedded database's vacuum after it was done.
 */

/** How long the server idles after the signup before its idle RSS is read: the start's and the signup's garbage is collected by then. */
const IDLE_BEFORE_IMPORT_MS = 5_000;
/** How often the RSS is sampled, in case the high-water mark cannot be reset (it is read as well). */
const SAMPLE_EVERY_MS = 10;

export interface ImportMemory {
  runtime: ServerRuntime;
  /** Bytes. */
  idleRss: number;
  peakRss: number;
  importMs: number;
  /** The peak is the kernel's high-water mark since the import started; false: sampled only (every SAMPLE_EVERY_MS). */
  peakFromKernel: boolean;
}

/** A running process's memory: the server is measured while it runs, so it is never gone here. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const memory = processMemory(pid);
  if (!memory) throw new Error(`process ${pid} is gone`);
  return memory;
}

/** Resets the process's high-water mark to its current RSS, so the next reading is the peak from now on. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    // Not allowed here: the samples taken meanwhile still give a peak.
    return false;
  }
}

/**
 * Starts the server on a fresh DATA_DIR under `workDir` (on `databaseUrl` when given), signs up, lets it
 * idle, reads its RSS, imports the file once and reads the peak; then stops it.
 */
export async function measureImportMemory(runtime: ServerRuntime, csvPath: string, workDir: string, databaseUrl?: string): Promise<ImportMemory> {
  const dataDir = mkdtempSync(path.join(workDir, `memory-${runtime}-`));
  const server = new BenchServer({ script: startScript(runtime), dataDir, databaseUrl, logFile: path.join(dataDir, 'server.log') });
  await server.start();
  try {
    const { pid, origin } = server;
    const member = await signUp(origin, `memory-${runtime}`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_BEFORE_IMPORT_MS));
    const idleRss = memoryOf(pid).rss;
    const peakFromKernel = resetPeak(pid);
    let sampledPeak = idleRss;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
    }, SAMPLE_EVERY_MS);
    try {
      const imported = await importFile(origin, member.cookie, { csvPath, tagName: 'Memory Import', fileName: 'memory-contacts.csv' });
      await settleAfterImport(origin, member.cookie);
      const kernelPeak = peakFromKernel ? memoryOf(pid).peak : 0;
      return { runtime, idleRss, peakRss: Math.max(sampledPeak, kernelPeak), importMs: imported.ms, peakFromKernel };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await server.stop();
  }
}
