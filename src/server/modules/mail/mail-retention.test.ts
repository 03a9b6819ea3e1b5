/** @jest-environment node */
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/database';
import { mailOutbox, organizations } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { openTestDatabase } from '../../testing/test-database';
import { pruneMailOutbox } from './mail-retention';

const DAY_MS = 86_400_000;
const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

let database: DatabaseHandle;
let organizationId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  [{ id: organizationId }] = await database.db.insert(organizations).values({ name: 'Retention' }).returning({ id: organizations.id });
});

afterAll(async () => database.close());

async function queued(subject: string, settled: { sentAt?: Date; deadAt?: Date } = {}): Promise<void> {
  const id = uuidv7();
  await database.db.insert(mailOutbox).values({
    id,
    organizationId,
    kind: 'invitation',
    recipient: 'someone@example.com',
    subject,
    textBody: settled.sentAt || settled.deadAt ? null : 'text',
    htmlBody: settled.sentAt || settled.deadAt ? null : 'html',
    secret: null,
    messageId: `<${id}@example.com>`,
    createdAt: daysAgo(200),
    ...settled,
  });
}

const subjects = async () =>
  (await database.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.organizationId, organizationId)))
    .map((row) => row.subject)
    .sort();

test('sent mail goes after 30 days and given-up mail after 90; mail still waiting to leave stays however old', async () => {
  await queued('sent 31 days ago', { sentAt: daysAgo(31) });
  await queued('sent 29 days ago', { sentAt: daysAgo(29) });
  await queued('given up 91 days ago', { deadAt: daysAgo(91) });
  await queued('given up 60 days ago', { deadAt: daysAgo(60) });
  await queued('still waiting, queued 200 days ago');

  expect(await pruneMailOutbox(database.db, now)).toBe(2);
  expect(await subjects()).toEqual(['given up 60 days ago', 'sent 29 days ago', 'still waiting, queued 200 days ago']);
  expect(await pruneMailOutbox(database.db, now)).toBe(0);
});

test('a backlog larger than one batch is pruned in one call', async () => {
  const rows = Array.from({ length: 2_500 }, () => {
    const id = uuidv7();
    return {
      id, organizationId, kind: 'invitation', recipient: 'bulk@example.com', subject: 'bulk', textBody: null, htmlBody: null,
      secret: null, messageId: `<${id}@example.com>`, sentAt: daysAgo(45),
    };
  });
  await database.db.insert(mailOutbox).values(rows);
  expect(await pruneMailOutbox(database.db, now)).toBe(2_500);
  expect((await subjects()).filter((subject) => subject === 'bulk')).toEqual([]);
});
