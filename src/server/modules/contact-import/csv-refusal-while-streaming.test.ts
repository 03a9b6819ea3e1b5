/** @jest-environment node */
import net from 'node:net';
import { createListeningTestApp, signUpAdmin, type TestApp } from '../../testing/test-app';

/**
 * Over a real connection a refused file is still arriving when the refusal is made: the answer must be
 * the refusal's own reason, not the "cut short" that reading no further then causes, and the connection
 * must then close rather than stay open, unread, until a deadline.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ t, port } = await createListeningTestApp());
});
afterAll(async () => {
  await t.close();
});

it('a record over 64 KB in a file still streaming in answers 400 naming its line, then the server closes the connection', async () => {
  const admin = await signUpAdmin(t.app);
  const boundary = 'parleyCsvStreaming';
  const start = `--${boundary}\r\nContent-Disposition: form-data; name="tagName"\r\n\r\nStreaming\r\n`
    + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\nmobile,name\n${'"'.repeat(512 * 1024)}`;
  const head = [
    'POST /api/tags/import HTTP/1.1', 'Host: 127.0.0.1', `Cookie: ${admin.cookie}`, 'Origin: http://localhost:3000',
    `Content-Type: multipart/form-data; boundary=${boundary}`, `Content-Length: ${10 * 1024 * 1024}`, '', '',
  ].join('\r\n');
  const socket = net.connect(port, '127.0.0.1');
  // The client sends no more of the 10 MB it announced, and waits: the server must end the connection.
  const answer = await new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received));
    socket.write(head + start);
  });
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
  expect(answer.toLowerCase()).toContain('connection: close');
  expect(answer).toContain('"error":"Line 2 is longer than 64 KB: check it for a quote (\\") that is never closed."');
});
