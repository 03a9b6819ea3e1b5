/** @jest-environment node */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createListeningTestApp, signUpAdmin, type TestApp } from '../testing/test-app';

/**
 * Bodies that trickle are cut with their connection: a client sending one byte now and then holds a
 * connection (a file descriptor) for as long as the server waits. Here the deadlines are short so the
 * test need not wait a real one out.
 */

let t: TestApp;
let port: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-deadlines-'));
  ({ t, port } = await createListeningTestApp({ dataDir, bodyDeadlines: { defaultMs: 300, uploadMs: 600 } }));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Sends the head and the first bytes of a body, then nothing more; answers what the server wrote back and when the connection ended. */
function trickle(head: string, firstBytes: string): Promise<{ answered: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answered = '';
    socket.on('data', (chunk) => {
      answered += chunk.toString('latin1');
    });
    socket.once('error', reject);
    socket.once('close', () => resolve({ answered }));
    socket.write(head + firstBytes, 'latin1');
  });
}

test('a JSON body that never finishes arriving is cut, connection and all, before any answer', async () => {
  const body = '{"email":"slow@example.com","password":"trickling"}';
  const head = `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  const { answered } = await trickle(head, body.slice(0, 5));
  expect(answered).toBe('');
});

test('a body that arrives in time is answered as usual', async () => {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong12345' }),
  });
  expect(response.status).toBe(401);
});

test('an upload cut short leaves no partial file behind', async () => {
  const admin = await signUpAdmin(t.app);
  const contact = await admin.request({ method: 'POST', url: '/api/contacts', payload: { name: 'Slow Sender', countryCode: '+44', phoneNumber: '7911123450' } });
  const boundary = 'parleyTrickle';
  // The fields, then 70 KB of a PNG: past the head the type check reads, so the file is being written when the body stalls.
  const pngStart = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010802000000', 'hex'), Buffer.alloc(70 * 1024)]).toString('latin1');
  const firstBytes = `--${boundary}\r\nContent-Disposition: form-data; name="contactId"\r\n\r\n${contact.json().id}\r\n`
    + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${pngStart}`;
  const head = [
    'POST /api/media/upload HTTP/1.1', 'Host: 127.0.0.1', `Cookie: ${admin.cookie}`, 'Origin: http://localhost:3000',
    `Content-Type: multipart/form-data; boundary=${boundary}`, 'Content-Length: 5000000', '', '',
  ].join('\r\n');
  const { answered } = await trickle(head, firstBytes);
  expect(answered).toBe('');
  // The route removes the partial file once the cut body errors, which follows the cut.
  const organizationDir = path.join(dataDir, 'media', admin.user.organization!.organizationId);
  const storedFiles = () => (existsSync(organizationDir) ? readdirSync(organizationDir) : []);
  for (let waited = 0; storedFiles().length > 0 && waited < 5_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(storedFiles()).toEqual([]);
});
