import { openAsBlob } from 'node:fs';
import type { SignupResponse } from '@shared/api/auth';
import type { ContactImportResult } from '@shared/api/contact-import';
import type { ContactPage } from '@shared/api/contacts';
import type { TagPage } from '@shared/api/tags';

/** What the import benches do as a member, through a server's HTTP API only (the server runs in another process). */

/** The session check every signed-in screen makes. */
export const SESSION_CHECK_PATH = '/api/auth/verify';

export interface SignedInMember {
  cookie: string;
  organizationId: string;
}

export interface ImportedFile {
  /** From the upload's start to the whole answer. */
  ms: number;
  result: ContactImportResult;
}

/** The tag and the file name an import is recorded under (an interrupted import is completed by the same pair). */
export interface ImportUpload {
  csvPath: string;
  tagName: string;
  fileName: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cookieOf(response: Response): string {
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** A new account with an organization of its own (POST /api/auth/signup), signed in. */
export async function signUp(origin: string, label: string): Promise<SignedInMember> {
  const response = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Importer',
      email: `${label}-${process.pid}-${Date.now()}@example.com`,
      password: 'Bench12345',
      organizationName: `Bench ${label}`,
    }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`signup answered ${response.status}: ${text.slice(0, 300)}`);
  const { organization } = (JSON.parse(text) as SignupResponse).user;
  if (!organization) throw new Error('signup answered a user without an organization');
  return { cookie: cookieOf(response), organizationId: organization.organizationId };
}

/** POST /api/tags/import (Import Contacts) with the file; the response as it comes (a crash test expects none). */
export async function postImport(origin: string, cookie: string, upload: ImportUpload): Promise<Response> {
  const form = new FormData();
  form.append('tagName', upload.tagName);
  form.append('file', await openAsBlob(upload.csvPath, { type: 'text/csv' }), upload.fileName);
  return fetch(`${origin}/api/tags/import`, { method: 'POST', body: form, headers: { cookie } });
}

/** An import that must succeed, timed from the upload's start to its whole answer. */
export async function importFile(origin: string, cookie: string, upload: ImportUpload): Promise<ImportedFile> {
  const started = performance.now();
  const response = await postImport(origin, cookie, upload);
  const result = (await response.json()) as ContactImportResult;
  const ms = performance.now() - started;
  if (!response.ok || !result.success) throw new Error(`the import answered ${response.status}: ${JSON.stringify(result).slice(0, 500)}`);
  return { ms, result };
}

async function getJson<T>(origin: string, cookie: string, url: string): Promise<T> {
  const response = await fetch(`${origin}${url}`, { headers: { cookie } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** The total the Contacts screen shows. */
export async function contactsTotal(origin: string, cookie: string): Promise<number> {
  return (await getJson<ContactPage>(origin, cookie, '/api/contacts?page=1&limit=1')).pagination.total;
}

/** The contact count the Tags screen shows for a tag, null when there is no such tag. */
export async function tagContactCount(origin: string, cookie: string, tagName: string): Promise<number | null> {
  const page = await getJson<TagPage>(origin, cookie, '/api/tags?page=1&limit=100');
  return page.data.find((tag) => tag.name === tagName)?.contactCount ?? null;
}

/** An answer this quick means the engine is free again: the vacuum is over. */
const ENGINE_FREE_MS = 50;
/** How long settleAfterImport waits for the engine at most. */
const SETTLE_AT_MOST_MS = 60_000;

async function timedSessionCheck(origin: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}${SESSION_CHECK_PATH}`, { headers: { cookie } });
  await response.arrayBuffer();
  return performance.now() - started;
}

/**
 * Waits out the embedded database's vacuum, which starts AFTER_BULK_WRITE_DELAY_MS (2 s) after an import
 * and holds the engine until it is done, so the next measurement does not include it: asks again until
 * an answer comes quickly (on a busy machine the vacuum may start later than planned). Answers how long
 * the request made as it started waited (on PostgreSQL, no vacuum: an ordinary request).
 */
export async function settleAfterImport(origin: string, cookie: string): Promise<number> {
  await sleep(2500);
  const waited = await timedSessionCheck(origin, cookie);
  const deadline = performance.now() + SETTLE_AT_MOST_MS;
  while (performance.now() < deadline && (await timedSessionCheck(origin, cookie)) > ENGINE_FREE_MS) await sleep(500);
  return waited;
}
