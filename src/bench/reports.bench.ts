import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InboxReport } from '@shared/api/reports';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';
import { recordOutboundMessage } from '../server/modules/conversations';
import { createOrganization } from '../server/modules/organizations/organizations-service';
import { messagesPerHourIn, periodFiguresIn, rollupDrift, type FigureSource, type Instants } from '../server/modules/report-rollups';
import { benchConfig } from './bench-config';
import { measureOnBenchPostgres } from './contacts-postgres';
import { seedInbox, type InboxShape } from './inbox-bench-data';
import { idleBusy, startBusyMeter } from './machine-busy';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'reports-postgres';
/** The inbox bench's organization: 10,000 conversations, 1,000,000 messages over 30 days, 20 members. */
const MAIN: InboxShape = { members: 20, conversations: 10_000, messagesPerConversation: 100 };
const OTHER: InboxShape = { members: 5, conversations: 2_000, messagesPerConversation: 20 };
/** A resolve after every this many messages of a conversation, at that message's time: several periods each. */
const RESOLVE_EVERY = 25;
/** Requests one after another: the figure is a supervisor's wait for the screen, not the server's throughput. */
const WARM_UP = 3;
const REQUESTS = 50;
const P99_TARGET_MS = 200;
/** The kept figures beside their full recount: rounds of each, alternating, read straight from the database. */
const SQL_ROUNDS = 15;
/** Member replies stored per block, with the rollups' triggers on and off, alternating. */
const WRITES_PER_BLOCK = 25;
const WRITE_BLOCKS = 16;
/** The triggers that keep the rollups as messages are written. */
const ROLLUP_TRIGGERS = ['messages_report_insert', 'messages_report_delete', 'messages_report_update'];

const row = (metric: string, value: string, target?: string): BenchRow => ({ suite: SUITE, metric, value, target });
const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/**
 * The inbox seed writes its resolved conversations in one statement, so the trigger stamps all their
 * resolves "now"; a live inbox resolves through the month. Replaced by resolves every RESOLVE_EVERY
 * messages at the message's time (by the assignee), and an assignment at each conversation's start.
 */
async function spreadEvents(db: Database, organizationId: string): Promise<number> {
  await db.execute(sql`delete from conversation_events where organization_id = ${organizationId}::uuid`);
  await db.execute(sql`
    insert into conversation_events (id, organization_id, conversation_id, kind, user_id, occurred_at)
    select gen_random_uuid(), m.organization_id, m.conversation_id, 'resolved', c.assigned_to_user_id, m.sent_at + interval '1 minute'
    from messages m join conversations c on c.id = m.conversation_id
    where m.organization_id = ${organizationId}::uuid and m.seq % ${RESOLVE_EVERY} = 0`);
  await db.execute(sql`
    insert into conversation_events (id, organization_id, conversation_id, kind, user_id, occurred_at)
    select gen_random_uuid(), organization_id, id, 'assigned', assigned_to_user_id, created_at + interval '2 minutes'
    from conversations where organization_id = ${organizationId}::uuid and assigned_to_user_id is not null`);
  const [counted] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from conversation_events where organization_id = ${organizationId}::uuid`));
  return counted.n;
}

/** `url` requested REQUESTS times in turn after a warm-up: the latencies' p50, p99 and max, and the machine's busy share meanwhile. */
async function timeRequests(url: string, cookie: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP; i += 1) await once();
  const busy = startBusyMeter();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) times.push(await once());
  const machineBusy = busy();
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(share * times.length) - 1)];
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1], machineBusy };
}

const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const lastDays = (days: number): Instants => ({ start: sql`(date_trunc('day', now()) - ${days - 1} * interval '1 day')`, end: sql`(date_trunc('day', now()) + interval '1 day')` });

/**
 * A range's figures read from the rollups and recounted the way they were before them (the periods by
 * walks of the histories, the messages by their index), alternating, same run: each one's p50 and the ratio.
 */
async function keptBesideRecount(db: Database, organizationId: string, days: number): Promise<BenchRow> {
  const range = lastDays(days);
  const once = async (source: FigureSource) => {
    const started = performance.now();
    await Promise.all([periodFiguresIn(db, organizationId, range, 'UTC', source), messagesPerHourIn(db, organizationId, range, 'UTC', source)]);
    return performance.now() - started;
  };
  const times: Record<FigureSource, number[]> = { kept: [], recounted: [] };
  await once('kept');
  await once('recounted');
  for (let i = 0; i < SQL_ROUNDS; i += 1) for (const source of ['kept', 'recounted'] as const) times[source].push(await once(source));
  const [kept, recounted] = [median(times.kept), median(times.recounted)];
  return row(`the last ${days} days' periods and messages per hour, read from the rollups beside recounted (the code before them), p50 of ${SQL_ROUNDS} each, same run`,
    `rollups ${ms(kept)}, recount ${ms(recounted)}: ×${(recounted / kept).toFixed(1)} faster`);
}

/**
 * What the rollups' triggers cost a write: member replies stored one by one (as the inbox does) with
 * the triggers on and off, in alternating blocks, each write's p50.
 */
async function writeCost(db: Database, organizationId: string): Promise<BenchRow> {
  const [chat] = rowsOf<{ id: string; contact_id: string }>(await db.execute(sql`select id, contact_id from conversations where organization_id = ${organizationId}::uuid limit 1`));
  const [admin] = rowsOf<{ user_id: string }>(await db.execute(sql`select user_id from memberships where organization_id = ${organizationId}::uuid limit 1`));
  const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
  const triggers = async (state: 'enable' | 'disable') => {
    for (const name of ROLLUP_TRIGGERS) await db.execute(sql.raw(`alter table messages ${state} trigger ${name}`));
  };
  try {
    for (let block = 0; block < WRITE_BLOCKS * 2; block += 1) {
      const state = block % 2 === 0 ? 'on' : 'off';
      await triggers(state === 'on' ? 'enable' : 'disable');
      for (let i = 0; i < WRITES_PER_BLOCK; i += 1) {
        const started = performance.now();
        await recordOutboundMessage(db, {
          organizationId, conversationId: chat.id, contactId: chat.contact_id, messageType: 'text', content: 'Bench reply', senderUserId: admin.user_id,
        });
        times[state].push(performance.now() - started);
      }
    }
  } finally {
    await triggers('enable');
  }
  const [on, off] = [median(times.on), median(times.off)];
  return row(`a member's reply stored, with the rollups' triggers and without (${WRITES_PER_BLOCK * WRITE_BLOCKS} each, alternating blocks), p50`,
    `${ms(on)} with, ${ms(off)} without: ×${(on / off).toFixed(2)}`);
}

async function measure(url: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-reports-'));
  const handle = await openDatabase({ kind: 'postgres', url });
  const app = await buildApp(benchConfig(dataDir), { database: handle, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Bench Admin', email: `reports-${process.pid}-${Date.now()}@example.com`, password: 'Bench12345', organizationName: 'Bench Reports' },
    });
    if (signup.statusCode >= 300) throw new Error(`signup answered ${signup.statusCode}: ${signup.body}`);
    const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { user } = signup.json<{ user: { userId: string; organization: { organizationId: string } } }>();
    const { organizationId } = user.organization;
    const roles = rowsOf<{ id: string; name: string }>(await handle.db.execute(sql`select id, name from roles where organization_id = ${organizationId}::uuid`));

    const seeding = performance.now();
    await seedInbox(handle.db, { organizationId, tag: 1, roleIds: Object.fromEntries(roles.map((r) => [r.name, r.id])), founderUserId: user.userId }, MAIN);
    const other = await createOrganization(handle.db, 'Bench Other');
    await seedInbox(handle.db, { organizationId: other.organizationId, tag: 2, roleIds: other.roleIds, founderUserId: null }, OTHER);
    const events = await spreadEvents(handle.db, organizationId);
    const folding = performance.now();
    await app.reportRollups.drain();
    const folded = performance.now() - folding;
    await handle.db.execute(sql`vacuum analyze`);
    const [counted] = rowsOf<{ main: number }>(await handle.db.execute(sql`select count(*)::int as main from messages where organization_id = ${organizationId}::uuid`));
    const rows = [row(
      'seeded (the inbox bench data, then resolves spread over the month)',
      `${MAIN.conversations.toLocaleString('en')} conversations, ${counted.main.toLocaleString('en')} messages over 30 days, ${events.toLocaleString('en')} resolves and assignments; `
        + `in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    )];
    const drift = await rollupDrift(handle.db, organizationId);
    rows.push(row('the rollups after the seed: folded (every conversation the seed wrote), and compared with a full recount',
      `folded in ${(folded / 1000).toFixed(1)} s; periods differing ${drift.periods}, quarter hours miscounted ${drift.quarters}`, 'both 0'));

    const week = await app.inject({ method: 'GET', url: '/api/reports/inbox', headers: { cookie } });
    if (week.statusCode !== 200) throw new Error(`the report answered ${week.statusCode}: ${week.body}`);
    const report = week.json<InboxReport>();
    const opened = report.days.reduce((sum, day) => sum + day.opened, 0);
    rows.push(row('the last 7 days (a check: the report reads the seeded inbox)',
      `${opened.toLocaleString('en')} periods opened, ${report.messages.inbound.toLocaleString('en')} in / ${report.messages.outbound.toLocaleString('en')} out, `
        + `median first response ${report.firstResponse.medianMinutes?.toFixed(1) ?? '–'} min, ${report.agents?.length ?? 0} agents`));

    const before = await idleBusy(2_000);
    rows.push(row('machine busy before the loads (other processes)', before === null ? 'unknown' : `${Math.round(before * 100)}% of ${os.cpus().length} CPUs`));
    const loads: Array<[string, string]> = [
      ['GET /api/reports/inbox (default: last 7 days, with agents)', '/api/reports/inbox'],
      ['GET /api/reports/inbox, the last 30 days (every conversation)', `/api/reports/inbox?from=${dayBefore(29)}&to=${dayBefore(0)}`],
      ['GET /api/reports/inbox.csv, last 7 days', '/api/reports/inbox.csv'],
      ['GET /api/analytics (the dashboard, with today’s median first response)', '/api/analytics'],
    ];
    for (const [name, target] of loads) {
      process.stderr.write(`  reports: ${name}...\n`);
      const timed = await timeRequests(`${origin}${target}`, cookie);
      rows.push(row(
        `${name}, ${REQUESTS} requests one after another`,
        `p50 ${ms(timed.p50)} / p99 ${ms(timed.p99)} (max ${ms(timed.max)})` + (timed.machineBusy === null ? '' : `, machine ${Math.round(timed.machineBusy * 100)}% busy`),
        `p99 < ${P99_TARGET_MS} ms (${timed.p99 < P99_TARGET_MS ? 'met' : 'MISSED'})`,
      ));
    }
    rows.push(await keptBesideRecount(handle.db, organizationId, 7));
    rows.push(await keptBesideRecount(handle.db, organizationId, 30));
    rows.push(await writeCost(handle.db, organizationId));
    return rows;
  } finally {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The inbox reports and the dashboard on PostgreSQL 15 with the inbox bench's organization (10,000
 * conversations, 1,000,000 messages over 30 days, resolves through the month) beside another
 * organization: each request's p50 and p99 over 50 requests in turn, through the real HTTP server; the
 * rollups' fold after the seed and their drift from a full recount; the figures read from the rollups
 * beside the recount they replaced, and a reply's write with and without the rollups' triggers, same run.
 */
export const reportsBench: BenchSuite = {
  name: SUITE,
  run: () => measureOnBenchPostgres((reason) => row('PostgreSQL', reason), measure),
};
