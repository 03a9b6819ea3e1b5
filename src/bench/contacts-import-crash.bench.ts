import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_STALE_SECONDS } from '../server/modules/contact-import/contact-import-service';
import { count, rowMaker, verdict } from './broadcast-report';
import { benchCsv } from './contacts-bench-data';
import type { ImportAudit } from './contacts-import-audit';
import { contactsTotal, importFile, postImport, signUp, tagContactCount, type ImportUpload } from './contacts-import-http';
import { BenchServer, startScript } from './server-process';
import { runWorker } from './contacts-import-worker-process';
import { startBenchPostgres } from './contacts-postgres';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'contacts-import-crash';
/** Rows of the file (one in a thousand is bad and skipped by the import). */
const ROWS = Number(process.env.BENCH_IMPORT_CRASH_ROWS ?? 100_000);
/** When each run's server is killed: once the Contacts screen counts this share of the file's rows. */
const EMBEDDED_KILLS = (process.env.BENCH_IMPORT_CRASH_KILLS ?? '0.1,0.5,0.9').split(',').map(Number);
const POSTGRES_KILLS = [0.5];
const POLL_EVERY_MS = 50;
/** The import that is killed, and completed by uploading the same file with the same tag. */
const CRASHED = { tagName: 'Crash Import', fileName: 'crash-contacts.csv' };
/** A one-row file of another name and tag, imported once the killed import is stale: its answer is where an interrupted import is reported. */
const PROBE = { tagName: 'Crash Check', fileName: 'probe-contacts.csv' };

const row = rowMaker(SUITE);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Engine {
  label: string;
  /** PostgreSQL; the embedded database (in DATA_DIR) when absent. */
  databaseUrl?: string;
}

interface CrashRun {
  killAtShare: number;
  /** From the upload's start to the SIGKILL. */
  killedAfterMs: number;
  /** The last Contacts total read before the kill (a chunk may commit between that read and the kill). */
  seenAtKill: number;
  /** What the import's request got: nothing, since its server died. */
  importAnswer: string;
  restartMs: number;
  afterRestart: { contacts: number; tagged: number | null };
  /** The probe import's sentence about the interrupted import, if it had one. */
  reported: { written: number; toWrite: number; sentence: string } | null;
  reupload: { created: number; updated: number; unchanged: number; completesSentence: boolean };
  audit: ImportAudit;
}

/** Polls the Contacts total until it reaches `rows`; null when the import answered first. */
async function waitUntilStored(origin: string, cookie: string, rows: number, importDone: () => boolean): Promise<number | null> {
  for (;;) {
    if (importDone()) return null;
    const total = await contactsTotal(origin, cookie);
    if (total >= rows) return total;
    await sleep(POLL_EVERY_MS);
  }
}

/** "The import of <file> with tag "<tag>" on <when> was interrupted after X of Y contacts: ...", as the answer words it. */
function interruptedSentence(message: string): CrashRun['reported'] {
  const match = new RegExp(`The import of ${CRASHED.fileName} with tag "${CRASHED.tagName}" on [^.]*? was interrupted after (\\d+) of (\\d+) contacts[^.]*\\.`).exec(message);
  return match ? { written: Number(match[1]), toWrite: Number(match[2]), sentence: match[0] } : null;
}

/**
 * One run: a compiled server (`npm start`) on a fresh DATA_DIR, a new account uploading the file, a
 * SIGKILL once `killAtShare` of its rows are stored, a restart on the same DATA_DIR, what the member then
 * sees, the same file uploaded again, and the organization's contacts counted against the file.
 */
async function crashRun(engine: Engine, csvPath: string, probePath: string, workDir: string, killAtShare: number): Promise<CrashRun> {
  const dataDir = mkdtempSync(path.join(workDir, 'crash-'));
  const server = new BenchServer({ script: startScript('compiled'), dataDir, databaseUrl: engine.databaseUrl, logFile: path.join(dataDir, 'server.log') });
  await server.start();
  try {
    const { origin } = server;
    const member = await signUp(origin, 'crash');
    const crashed: ImportUpload = { csvPath, ...CRASHED };

    let importAnswer = 'still running';
    const uploadStarted = performance.now();
    const importing = postImport(origin, member.cookie, crashed).then(
      (response) => {
        importAnswer = `answered ${response.status}`;
      },
      (error: unknown) => {
        importAnswer = `no answer (${error instanceof Error ? String(error.cause ?? error.message) : String(error)})`;
      },
    );
    const seenAtKill = await waitUntilStored(origin, member.cookie, Math.round(killAtShare * ROWS), () => importAnswer !== 'still running');
    if (seenAtKill === null) throw new Error(`the import ${importAnswer} before ${Math.round(killAtShare * 100)}% of the file was stored: no kill`);
    await server.kill();
    const killedAt = performance.now();
    await importing;

    await server.start();
    const restartMs = performance.now() - killedAt;
    const afterRestart = {
      contacts: await contactsTotal(origin, member.cookie),
      tagged: await tagContactCount(origin, member.cookie, CRASHED.tagName),
    };

    // A running import counts as interrupted once its heartbeat is IMPORT_STALE_SECONDS old; the next
    // import after that names it.
    await sleep(killedAt + (IMPORT_STALE_SECONDS + 2) * 1000 - performance.now());
    const probe = await importFile(origin, member.cookie, { csvPath: probePath, ...PROBE });
    const reupload = await importFile(origin, member.cookie, crashed);
    const { stats } = reupload.result;
    await server.stop();

    const target = engine.databaseUrl ? [engine.databaseUrl] : ['pglite', path.join(dataDir, 'db')];
    const audit = JSON.parse(
      await runWorker(['audit', csvPath, member.organizationId, CRASHED.tagName, CRASHED.fileName, ...target]),
    ) as ImportAudit;
    return {
      killAtShare,
      killedAfterMs: killedAt - uploadStarted,
      seenAtKill,
      importAnswer,
      restartMs,
      afterRestart,
      reported: interruptedSentence(probe.result.message),
      reupload: {
        created: stats.created,
        updated: stats.updated,
        unchanged: stats.unchanged,
        completesSentence: reupload.result.message.includes(`This completes the import of ${CRASHED.fileName} that was interrupted`),
      },
      audit,
    };
  } finally {
    await server.stop();
  }
}

function runRows(label: string, run: CrashRun): BenchRow[] {
  const { audit: a, afterRestart, reported, reupload } = run;
  const exact = a.duplicates + a.missing + a.extra + a.untagged + a.duplicateTagLinks + a.importEntriesNotOne === 0;
  const reportedStored = reported !== null && reported.written === afterRestart.contacts;
  const told = reportedStored && afterRestart.tagged === afterRestart.contacts && reupload.completesSentence;
  return [
    row(
      `${label}: rows stored at the kill → after restart → after re-upload (killed ${seconds(run.killedAfterMs)} into the upload)`,
      `≥ ${count(run.seenAtKill)} → ${count(afterRestart.contacts)} → ${count(a.stored)}; duplicates ${count(a.duplicates)}, missing ${count(a.missing)} ` +
        `(extra ${count(a.extra)}, without the tag ${count(a.untagged)}, tag links twice ${count(a.duplicateTagLinks)}, ` +
        `"Imported from" entries not exactly one ${count(a.importEntriesNotOne)})`,
      `0 duplicates, 0 missing (${verdict(exact)})`,
    ),
    row(
      `${label}: what the member sees`,
      `import request: ${run.importAnswer}; back in ${seconds(run.restartMs)}: ${count(afterRestart.contacts)} contacts, tag "${CRASHED.tagName}" on ` +
        `${afterRestart.tagged === null ? 'no tag' : count(afterRestart.tagged)}; next import's answer: ` +
        `${reported ? `"${reported.sentence}"` : 'no sentence about the interrupted import'}; re-upload: ${count(reupload.created)} new, ` +
        `${count(reupload.unchanged)} unchanged, ${count(reupload.updated)} updated, ` +
        `${reupload.completesSentence ? '"This completes the import of …"' : 'does not say it completes the interrupted import'}`,
      `a partial import, reported with what it stored; the re-upload completes it (${verdict(told)})`,
    ),
  ];
}

async function crashRuns(engine: Engine, kills: readonly number[], csvPath: string, probePath: string, workDir: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [i, share] of kills.entries()) {
    const label = `${engine.label}, kill ${i + 1} at ${Math.round(share * 100)}% of the file`;
    process.stderr.write(`  ${label}\n`);
    try {
      rows.push(...runRows(label, await crashRun(engine, csvPath, probePath, workDir, share)));
    } catch (error) {
      rows.push(row(label, `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, `0 duplicates, 0 missing (${verdict(false)})`));
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    }
  }
  return rows;
}

/**
 * A server really killed mid-import: the compiled server (`npm start`) SIGKILLed while it imports a
 * large file through the Import Contacts endpoint, at several moments, on the embedded database and
 * once on PostgreSQL; then restarted, the interrupted import looked at as the member sees it, the file
 * uploaded again, and the contacts counted in the database against the file.
 */
export const contactsImportCrashBench: BenchSuite = {
  name: SUITE,
  async run(): Promise<BenchRow[]> {
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-import-crash-'));
    try {
      const csvPath = path.join(workDir, CRASHED.fileName);
      const probePath = path.join(workDir, PROBE.fileName);
      writeFileSync(csvPath, benchCsv(ROWS));
      // The file's first row, already stored when the kill comes: the probe adds no contact outside the file.
      writeFileSync(probePath, benchCsv(1));
      const shares = (kills: readonly number[]) => kills.map((share) => `${Math.round(share * 100)}%`).join(', ');
      const rows = [
        row('file', `${count(ROWS)} rows (one in a thousand bad); kills at ${shares(EMBEDDED_KILLS)} (embedded), ${shares(POSTGRES_KILLS)} (PostgreSQL)`),
      ];

      rows.push(...(await crashRuns({ label: 'embedded (PGlite)' }, EMBEDDED_KILLS, csvPath, probePath, workDir)));

      const postgres = await startBenchPostgres();
      if ('skipped' in postgres) {
        rows.push(row('PostgreSQL', `skipped: ${postgres.skipped}`));
      } else {
        try {
          rows.push(...(await crashRuns({ label: 'PostgreSQL 15', databaseUrl: postgres.url }, POSTGRES_KILLS, csvPath, probePath, workDir)));
        } finally {
          await postgres.stop();
        }
      }
      return rows;
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  },
};
