/** @jest-environment node */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RequestsInFlight } from './requests-in-flight';

const LONG_MS = 300;

let server: Server;
let inFlight: RequestsInFlight;
let origin: string;
/** Requests the server has received and not answered yet, by path. */
const held = new Map<string, { request: IncomingMessage; response: ServerResponse }>();

beforeAll(async () => {
  server = createServer((request, response) => held.set(request.url ?? '', { request, response }));
  inFlight = new RequestsInFlight(server, LONG_MS);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  inFlight.detach();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function received(path: string): Promise<{ request: IncomingMessage; response: ServerResponse }> {
  for (;;) {
    const entry = held.get(path);
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function answer(path: string, answered: Promise<Response>): Promise<void> {
  (await received(path)).response.end('ok');
  await (await answered).text();
}

test('another request counts while it is being answered, the asking one never, and neither once answered', async () => {
  const importing = fetch(`${origin}/import`);
  const own = (await received('/import')).request;
  expect(inFlight.othersThan(own)).toBe(false);

  const other = fetch(`${origin}/contacts`);
  await received('/contacts');
  expect(inFlight.othersThan(own)).toBe(true);

  await answer('/contacts', other);
  expect(inFlight.othersThan(own)).toBe(false);
  await answer('/import', importing);
});

test('a request open longer than a member would wait (a stream, an upload) does not count', async () => {
  const importing = fetch(`${origin}/import-2`);
  const own = (await received('/import-2')).request;
  const stream = fetch(`${origin}/events`);
  await received('/events');
  expect(inFlight.othersThan(own)).toBe(true);

  await new Promise((resolve) => setTimeout(resolve, LONG_MS + 50));
  expect(inFlight.othersThan(own)).toBe(false);
  await answer('/events', stream);
  await answer('/import-2', importing);
});
