/** @jest-environment node */
import net from 'node:net';
import { createListeningTestApp, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { IMPORT_IN_PROGRESS } from './imports-in-progress';

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ t, port } = await createListeningTestApp());
});
afterAll(async () => {
  await t.close();
});

const BOUNDARY = 'parleyImportTurns';
const form = (csv: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="tagName"\r\n\r\nTurns\r\n`
  + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="contacts.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}`;

/** An import whose file is still arriving: it holds its organization's turn until the socket closes. */
function importStillArriving(member: Member): net.Socket {
  const head = [
    'POST /api/tags/import HTTP/1.1', 'Host: 127.0.0.1', `Cookie: ${member.cookie}`, 'Origin: http://localhost:3000',
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`, `Content-Length: ${1024 * 1024}`, '', '',
  ].join('\r\n');
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(head + form('mobile,name\n9833300101,Asha\n'));
  return socket;
}

const importNow = (member: Member) => member.request({
  method: 'POST',
  url: '/api/tags/import',
  payload: `${form('mobile,name\n9833300102,Ravi\n')}\r\n--${BOUNDARY}--\r\n`,
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
});

it('one import at a time per organization: another answers 429 until the first ends; other organizations go on', async () => {
  const admin = await signUpAdmin(t.app);
  const other = await signUpAdmin(t.app);
  const received = new Promise((resolve) => t.app.server.once('request', resolve));
  const first = importStillArriving(admin);
  let firstAnswered = false;
  first.on('data', () => (firstAnswered = true));
  // The first import holds the turn once the server has read its session (its file keeps arriving,
  // slowly): a second's room after its request arrived, for a busy machine.
  await received;
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const second = await importNow(admin);
  expect(firstAnswered).toBe(false);
  expect({ status: second.statusCode, body: second.json() }).toEqual({ status: 429, body: { error: IMPORT_IN_PROGRESS, code: 'RATE_LIMITED' } });
  expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((await importNow(other)).statusCode).toBe(200);
  first.destroy();
  let after = await importNow(admin);
  for (let tries = 0; after.statusCode === 429 && tries < 40; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    after = await importNow(admin);
  }
  expect(after.statusCode).toBe(200);
});
