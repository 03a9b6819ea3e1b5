import { randomInt } from 'node:crypto';
import { Client } from 'pg';
import type { SignupResponse } from '@shared/api/auth';
import type { TemplateParameterInput } from '@shared/api/template-parameters';
import type { TemplatesResponse } from '@shared/api/templates';
import { templateVariableCount } from '@shared/templates/template-message';
import { uuidv7 } from '../server/lib/ids';
import type { ParleyApi, SandboxControl } from './broadcast-clients';
import { benchName } from './contacts-bench-data';

/**
 * The organization a broadcast bench sends from, made as a customer would: signed up through the API,
 * WhatsApp configured against the sandbox and tested, templates synced; its contacts seeded set-based
 * in SQL (one INSERT of 100,000 rows), with random mobile numbers of the seven supported countries.
 */

/** A sandbox business's WhatsApp settings, as an organization saves them. */
export interface BenchAccount {
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  webhookVerifyToken: string;
}

/** The sandbox business the bench's organization uses (any well-formed token gets its own). */
export const BENCH_ACCOUNT: BenchAccount = {
  accessToken: 'EAAGbenchBroadcastSandboxToken2026',
  phoneNumberId: '109876543210987',
  businessAccountId: '209876543210987',
  webhookVerifyToken: 'bench-verify-token',
};

export interface BenchOrg {
  organizationId: string;
  templateId: string;
  /** How many {{n}} the template takes. */
  parameterCount: number;
}

/** Signs up, connects WhatsApp (tested), syncs templates; answers the organization and the template to send. */
export async function setUpOrganization(api: ParleyApi, templateName: string, account = BENCH_ACCOUNT): Promise<BenchOrg> {
  const signup = await api.request<SignupResponse>('POST', '/api/auth/signup', {
    name: 'Bench Supervisor',
    email: `broadcast-bench-${process.pid}-${Date.now()}@example.com`,
    password: 'Bench12345',
    organizationName: 'Bench Broadcasts',
  });
  const organizationId = signup.user.organization?.organizationId;
  if (!organizationId) throw new Error('signup answered no organization');
  await setWhatsApp(api, undefined, account);
  const test = await api.request<{ success: boolean; message?: string }>('POST', '/api/settings/whatsapp/test');
  if (!test.success) throw new Error(`the WhatsApp test failed: ${JSON.stringify(test)}`);
  await api.request('POST', '/api/templates/sync');
  const templates = await api.request<TemplatesResponse>('GET', '/api/templates/local?status=APPROVED');
  const template = templates.data.find((t) => t.name === templateName);
  if (!template) throw new Error(`template ${templateName} was not synced`);
  return { organizationId, templateId: template.id, parameterCount: templateVariableCount(template.components) };
}

/** Saves the WhatsApp configuration, with the organization's send pace when given. */
export async function setWhatsApp(api: ParleyApi, messagesPerSecond: number | undefined, account = BENCH_ACCOUNT): Promise<void> {
  await api.request('PUT', '/api/settings/whatsapp', { ...account, ...(messagesPerSecond === undefined ? {} : { messagesPerSecond }) });
}

/** Parley's pace and the sandbox's throughput for the bench's number, together. */
export async function setPace(api: ParleyApi, sandbox: SandboxControl, messagesPerSecond: number, account = BENCH_ACCOUNT): Promise<void> {
  await sandbox.setThroughput(account.phoneNumberId, messagesPerSecond);
  await setWhatsApp(api, messagesPerSecond, account);
}

export async function createTag(api: ParleyApi, name: string, color: string): Promise<string> {
  return (await api.request<{ id: string }>('POST', '/api/tags', { name, color })).id;
}

/** Mobile numbers as the countries issue them: the leading digits a mobile starts with, and the national length. */
const MOBILES: Array<{ code: string; starts: string[]; length: number; weight: number }> = [
  { code: '+971', starts: ['50', '52', '54', '55', '56', '58'], length: 9, weight: 30 },
  { code: '+91', starts: ['6', '7', '8', '9'], length: 10, weight: 25 },
  { code: '+966', starts: ['50', '53', '54', '55', '56', '59'], length: 9, weight: 20 },
  { code: '+965', starts: ['5', '6', '9'], length: 8, weight: 8 },
  { code: '+974', starts: ['33', '55', '66', '77'], length: 8, weight: 7 },
  { code: '+968', starts: ['7', '9'], length: 8, weight: 5 },
  { code: '+973', starts: ['33', '34', '36', '39'], length: 8, weight: 5 },
];
const TOTAL_WEIGHT = MOBILES.reduce((sum, m) => sum + m.weight, 0);

function randomMobile(): { countryCode: string; national: string } {
  let pick = randomInt(TOTAL_WEIGHT);
  const country = MOBILES.find((m) => (pick -= m.weight) < 0) ?? MOBILES[0];
  let national = country.starts[randomInt(country.starts.length)];
  while (national.length < country.length) national += String(randomInt(10));
  return { countryCode: country.code, national };
}

/**
 * Inserts `count` contacts with distinct random numbers (one INSERT … SELECT FROM unnest), created over
 * the last year, and tags them: every one with `allTagId`, and a random `sampleSize` of them with `sampleTagId`.
 */
export async function seedContacts(
  databaseUrl: string,
  organizationId: string,
  count: number,
  tags: { allTagId: string; sampleTagId?: string; sampleSize?: number },
): Promise<void> {
  const numbers = new Map<string, { countryCode: string; national: string }>();
  while (numbers.size < count) {
    const mobile = randomMobile();
    numbers.set(`${mobile.countryCode}${mobile.national}`, mobile);
  }
  const rows = [...numbers.entries()];
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into contacts (id, organization_id, name, country_code, phone_number, phone_e164, created_at, updated_at)
       select id, $1::uuid, name, country_code, national, e164, at, at
       from (select r.*, now() - random() * interval '365 days' as at
             from unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) as r(id, name, country_code, national, e164)) s`,
      [
        organizationId,
        rows.map(() => uuidv7()),
        // One contact in ten has no name: personal parameters send those their fallback.
        rows.map((_, index) => (index % 10 === 9 ? null : benchName(randomInt(1_000_000)))),
        rows.map(([, m]) => m.countryCode),
        rows.map(([, m]) => m.national),
        rows.map(([e164]) => e164),
      ],
    );
    await client.query(
      `insert into contact_tags (organization_id, contact_id, tag_id) select $1::uuid, id, $2::uuid from contacts where organization_id = $1::uuid`,
      [organizationId, tags.allTagId],
    );
    if (tags.sampleTagId && tags.sampleSize) {
      await client.query(
        `insert into contact_tags (organization_id, contact_id, tag_id)
         select $1::uuid, id, $2::uuid from contacts where organization_id = $1::uuid order by random() limit $3`,
        [organizationId, tags.sampleTagId, tags.sampleSize],
      );
    }
    await client.query('commit');
    await client.query('vacuum analyze contacts');
    await client.query('vacuum analyze contact_tags');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/**
 * Parameters for a template as a real campaign fills them: the first is each recipient's own name (the
 * dispatcher renders it per recipient, "Valued customer" for a contact without one), then fixed values.
 */
export function broadcastParameters(count: number): TemplateParameterInput[] {
  const values = ['20', '15 April', 'DR-2026', 'Dubai Mall'];
  return Array.from({ length: count }, (_, i) => (i === 0 ? { field: 'name', fallback: 'Valued customer' } : values[(i - 1) % values.length]));
}
