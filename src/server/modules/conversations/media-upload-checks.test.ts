/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Contact } from '@shared/api/contacts';
import { TOO_MANY_UPLOADS, UPLOADS_PER_MEMBER } from '../../plugins/upload-slots';
import { addMemberWith } from '../../testing/fixtures';
import { createListeningTestApp, organizationOf, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';

/**
 * An upload is judged while it arrives: the contact before the file's first byte is written, the
 * file's type and its kind's size limit on its first bytes. These tests send a request whose body never
 * finishes, so an answer proves the upload was refused without waiting for (or storing) the rest.
 */

let t: TestApp;
let port: number;
let dataDir: string;
const open: net.Socket[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-upload-checks-'));
  ({ t, port } = await createListeningTestApp({ dataDir }));
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = 'parleyUploadChecks';
/** A PNG's signature and header chunk: enough for its type to show. */
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108020000009077530000', 'hex');

async function contactOf(member: Member, phoneNumber: string): Promise<string> {
  const created = await member.request({ method: 'POST', url: '/api/contacts', payload: { name: 'Upload Target', countryCode: '+44', phoneNumber } });
  return created.json<Contact>().id;
}

/** The start of an upload whose body says it is `declaredBytes` long: the fields, then the file's first bytes. */
function startUpload(member: Member, contactId: string, declaredBytes: number, file: { name: string; firstBytes: Buffer }) {
  const fields = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="contactId"\r\n\r\n${contactId}\r\n`;
  const fileHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const head = [
    'POST /api/media/upload HTTP/1.1', 'Host: 127.0.0.1', `Cookie: ${member.cookie}`, 'Origin: http://localhost:3000',
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`, `Content-Length: ${declaredBytes}`, '', '',
  ].join('\r\n');
  const socket = net.connect(port, '127.0.0.1');
  open.push(socket);
  let received = '';
  const answer = new Promise<{ status: number; body: string; retryAfter: string | undefined }>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
      const [headers, body] = received.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? -1);
      if (body !== undefined && Buffer.byteLength(body) >= length) {
        resolve({ status: Number(headers.split(' ')[1]), body, retryAfter: /retry-after: (\d+)/i.exec(headers)?.[1] });
      }
    });
  });
  socket.on('error', () => undefined);
  socket.write(Buffer.concat([Buffer.from(head + fields + fileHead), file.firstBytes]));
  return { answer, socket };
}

function filesOf(member: Member): string[] {
  const folder = path.join(dataDir, 'media', organizationOf(member));
  return existsSync(folder) ? readdirSync(folder) : [];
}

/** 64 KB of a PNG (its head, then zeros): the bytes the type check needs. */
const pngStart = Buffer.concat([PNG_HEAD, Buffer.alloc(64 * 1024)]);

it("another organization's contact is refused (404, as a missing one) before any of the file is stored", async () => {
  const admin = await signUpAdmin(t.app);
  const stranger = await signUpAdmin(t.app);
  const theirs = await contactOf(stranger, '7911123456');
  const { answer } = startUpload(admin, theirs, 10 * 1024 * 1024, { name: 'photo.png', firstBytes: pngStart });
  expect(await answer).toMatchObject({ status: 404, body: JSON.stringify({ error: 'Contact not found' }) });
  expect(filesOf(admin)).toEqual([]);
  expect(filesOf(stranger)).toEqual([]);
});

it("a body declared larger than the kind's limit is refused on the file's first bytes (413), nothing stored", async () => {
  const admin = await signUpAdmin(t.app);
  const contactId = await contactOf(admin, '7911123457');
  const { answer } = startUpload(admin, contactId, 50 * 1024 * 1024, { name: 'photo.png', firstBytes: pngStart });
  expect(await answer).toMatchObject({ status: 413, body: JSON.stringify({ error: 'The file is too large for WhatsApp (max 5 MB)' }) });
  expect(filesOf(admin)).toEqual([]);
});

it('a file whose first bytes show a type WhatsApp does not take is refused before the rest arrives, nothing stored', async () => {
  const admin = await signUpAdmin(t.app);
  const contactId = await contactOf(admin, '7911123458');
  const page = Buffer.from(`<!doctype html><html><body>${'<p>x</p>'.repeat(10_000)}`);
  const { answer } = startUpload(admin, contactId, 5 * 1024 * 1024, { name: 'photo.png', firstBytes: page });
  expect(await answer).toMatchObject({ status: 400, body: JSON.stringify({ error: 'This file type cannot be sent on WhatsApp' }) });
  expect(filesOf(admin)).toEqual([]);
});

it(`a member may have ${UPLOADS_PER_MEMBER} uploads in progress; the next answers 429 until one ends, and others are not held back`, async () => {
  const admin = await signUpAdmin(t.app);
  const contactId = await contactOf(admin, '7911123459');
  const colleague = await addMemberWith(t, organizationOf(admin), ['messages:send', 'messages:view', 'chats:view']);
  const uploads = Array.from({ length: UPLOADS_PER_MEMBER }, () => startUpload(admin, contactId, 4 * 1024 * 1024, { name: 'photo.png', firstBytes: pngStart }));
  // The uploads above are in progress once their first bytes are on disk.
  for (let waited = 0; filesOf(admin).length < UPLOADS_PER_MEMBER && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(filesOf(admin)).toHaveLength(UPLOADS_PER_MEMBER);

  const refused = await startUpload(admin, contactId, 4 * 1024 * 1024, { name: 'photo.png', firstBytes: pngStart }).answer;
  expect(refused).toMatchObject({ status: 429, body: JSON.stringify({ error: TOO_MANY_UPLOADS, code: 'RATE_LIMITED' }) });
  expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  // A colleague's upload is not counted against this member (it gets as far as its own checks).
  expect((await startUpload(colleague, randomUUID(), 4 * 1024 * 1024, { name: 'photo.png', firstBytes: pngStart }).answer).status).toBe(404);

  // The client gives up on one upload: its slot, and its half-written file, are freed.
  uploads[0].socket.destroy();
  let next = await startUpload(admin, randomUUID(), 4 * 1024 * 1024, { name: 'photo.png', firstBytes: pngStart }).answer;
  for (let tries = 0; next.status === 429 && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    next = await startUpload(admin, randomUUID(), 4 * 1024 * 1024, { name: 'photo.png', firstBytes: pngStart }).answer;
  }
  expect(next.status).toBe(404);
  for (let waited = 0; filesOf(admin).length > UPLOADS_PER_MEMBER - 1 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(filesOf(admin)).toHaveLength(UPLOADS_PER_MEMBER - 1);
});
