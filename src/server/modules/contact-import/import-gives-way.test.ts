/** @jest-environment node */
import net from 'node:net';
import { count, eq } from 'drizzle-orm';
import type { ContactImportResult } from '@shared/api/contact-import';
import { normalizePhone } from '@shared/phone';
import { contacts } from '../../db/schema';
import { multipartBody } from '../../testing/multipart';
import { createListeningTestApp, organizationOf, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { ContactBatches } from './contact-batches';
import { writeImport } from './contact-import-service';
import { FIRST_CHUNK_ROWS, ImportPace } from './import-pace';

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ t, port } = await createListeningTestApp());
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function fileOf(rows: number, firstNumber: number): ContactBatches {
  return ContactBatches.of(Array.from({ length: rows }, (_, i) => ({ name: `Lead ${i}`, ...normalizePhone('+91', String(firstNumber + i)) })));
}

async function storedContacts(organizationId: string): Promise<number> {
  const [row] = await t.app.db.select({ n: count() }).from(contacts).where(eq(contacts.organizationId, organizationId));
  return Number(row.n);
}

test('an import writes its next chunk only once the others have had their turn', async () => {
  const admin = await signUpAdmin(t.app);
  const organizationId = organizationOf(admin);
  const rows = FIRST_CHUNK_ROWS * 6;
  // Each turn the import asks for, held until the test gives it.
  const turnsAsked: Array<() => void> = [];
  let giveEveryTurn = false;
  const othersFirst = () => (giveEveryTurn ? Promise.resolve() : new Promise<void>((resolve) => turnsAsked.push(resolve)));

  const importing = writeImport(
    t.app.db,
    { organizationId, userId: admin.user.userId, tagName: 'Turns', fileName: 'turns.csv', contacts: fileOf(rows, 9_833_100_000) },
    new ImportPace(),
    othersFirst,
  );
  while (turnsAsked.length === 0) await sleep(5);
  await sleep(100);
  // Nothing more is written while the others' turn lasts (PostgreSQL's two writers each wrote one chunk).
  const whileOthersGo = await storedContacts(organizationId);
  expect(whileOthersGo).toBeGreaterThan(0);
  expect(whileOthersGo).toBeLessThan(rows);
  await sleep(100);
  expect(await storedContacts(organizationId)).toBe(whileOthersGo);

  // From here on every turn is given at once.
  giveEveryTurn = true;
  for (const give of turnsAsked) give();
  expect((await importing).created).toBe(rows);
  expect(await storedContacts(organizationId)).toBe(rows);
});

/** A request whose body is still arriving: in flight for as long as the socket stays open. */
function requestStillArriving(member: Member): net.Socket {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write([
    'POST /api/contacts HTTP/1.1', 'Host: 127.0.0.1', `Cookie: ${member.cookie}`, 'Origin: http://localhost:3000',
    'Content-Type: application/json', 'Content-Length: 1000', '', '{"name":',
  ].join('\r\n'));
  return socket;
}

test('a request that stays open (a stream, a slow upload) never holds an import back for good', async () => {
  const importer = await signUpAdmin(t.app);
  const colleague = await signUpAdmin(t.app);
  const open = requestStillArriving(colleague);
  try {
    const rows = 3_000;
    const csv = ['mobile,name', ...Array.from({ length: rows }, (_, i) => `${9_833_200_000 + i},Lead ${i}`)].join('\n');
    const response = await importer.request({
      method: 'POST',
      url: '/api/tags/import',
      ...multipartBody([{ name: 'tagName', value: 'Open Request' }, { name: 'file', filename: 'open.csv', type: 'text/csv', content: csv }]),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ContactImportResult>().stats.created).toBe(rows);
  } finally {
    open.destroy();
  }
});
