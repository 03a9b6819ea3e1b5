/** @jest-environment node */
import { eq, like } from 'drizzle-orm';
import { authThrottle, emailChanges, passwordResets, sessions } from '../../db/schema';
import { hashToken, newToken } from '../../lib/secret-tokens';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile } from '../../testing/test-app';
import { claimAttempt } from '../auth';
import { insertEmailChange } from './email-changes-repository';
import { pruneExpiredRecords } from './expired-records';
import { insertPasswordReset } from './password-resets-repository';

const file = appWithAdminForFile();
const db = () => file.t.database.db;
const config = () => file.t.app.config;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const nothingPruned = { sessions: 0, passwordResets: 0, emailChanges: 0, throttleCounters: 0 };

test('expired reset and email-change links are deleted; links still valid are kept and still work', async () => {
  const agent = await addMemberWith(file.t, file.organizationId, ['chats:view']);
  const userId = agent.user.userId;
  const now = Date.now();
  const [stale, fresh] = [newToken(), newToken()];
  await insertPasswordReset(db(), { id: hashToken(stale), userId, expiresAt: new Date(now - HOUR) });
  await insertPasswordReset(db(), { id: hashToken(fresh), userId, expiresAt: new Date(now + HOUR) });
  await insertEmailChange(db(), { id: hashToken(newToken()), userId, newEmail: 'old-ask@example.com', expiresAt: new Date(now - 1) });
  await insertEmailChange(db(), { id: hashToken(newToken()), userId, newEmail: 'new-ask@example.com', expiresAt: new Date(now + HOUR) });

  const pruned = await pruneExpiredRecords(db(), config(), new Date(now));
  expect(pruned).toMatchObject({ passwordResets: 1, emailChanges: 1 });
  expect((await db().select().from(passwordResets).where(eq(passwordResets.userId, userId))).map((row) => row.id)).toEqual([hashToken(fresh)]);
  expect((await db().select().from(emailChanges).where(eq(emailChanges.userId, userId))).map((row) => row.newEmail)).toEqual(['new-ask@example.com']);

  const confirmed = await file.t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: fresh, password: 'Fresh1Start' } });
  expect(confirmed.statusCode).toBe(200);
  expect(await pruneExpiredRecords(db(), config(), new Date(now))).toMatchObject({ passwordResets: 0, emailChanges: 0 });
});

test('sessions idle past the limit or past their lifetime are deleted; a session in use is kept and still signs in', async () => {
  const agent = await addMemberWith(file.t, file.organizationId, ['chats:view']);
  const { userId } = agent.user;
  const { organizationId } = file;
  const now = Date.now();
  const idle = config().sessions.idleMinutes * MINUTE;
  const ended = { userId, organizationId, expiresAt: new Date(now + HOUR) };
  await db().insert(sessions).values([
    { ...ended, id: 'idle-session', lastSeenAt: new Date(now - idle - MINUTE) },
    { ...ended, id: 'too-old-session', lastSeenAt: new Date(now - MINUTE), expiresAt: new Date(now - 1) },
    { ...ended, id: 'still-idle-enough', lastSeenAt: new Date(now - idle + MINUTE) },
  ]);

  expect((await pruneExpiredRecords(db(), config(), new Date(now))).sessions).toBeGreaterThanOrEqual(2);
  const left = await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
  // The agent's own sign-in session and the one not idle long enough.
  expect(left).toHaveLength(2);
  expect(left.map((row) => row.id)).toContain('still-idle-enough');
  expect((await agent.request({ method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(200);
});

test('throttle counters whose window began over a day ago are deleted unless they still block; the next attempt counts afresh', async () => {
  const email = `prune-${Date.now()}@example.com`;
  const key = (suffix: string) => `prune-test:${email}:${suffix}`;
  const now = Date.now();
  await db().insert(authThrottle).values([
    { key: key('old'), failures: 9, windowStartedAt: new Date(now - 25 * HOUR) },
    { key: key('old-blocked'), failures: 9, windowStartedAt: new Date(now - 25 * HOUR), blockedUntil: new Date(now + HOUR) },
    { key: key('old-block-over'), failures: 9, windowStartedAt: new Date(now - 25 * HOUR), blockedUntil: new Date(now - 1) },
    { key: key('recent'), failures: 2, windowStartedAt: new Date(now - 23 * HOUR) },
  ]);

  expect((await pruneExpiredRecords(db(), config(), new Date(now))).throttleCounters).toBeGreaterThanOrEqual(2);
  const left = await db().select({ key: authThrottle.key }).from(authThrottle).where(like(authThrottle.key, key('%')));
  expect(left.map((row) => row.key).sort()).toEqual([key('old-blocked'), key('recent')]);

  // A pruned key counts as if it had never failed: the limit of 3 is not reached by one attempt.
  await claimAttempt(db(), [{ key: key('old'), windowMs: 24 * HOUR, limit: 3, block: 'until-window-end' }], 'too many');
  const [counter] = await db().select().from(authThrottle).where(eq(authThrottle.key, key('old')));
  expect(counter.failures).toBe(1);
  expect(await pruneExpiredRecords(db(), config(), new Date(now))).toEqual(nothingPruned);
});

test('a throttle rule with a window longer than a day is refused, since its counter would be pruned before its window ends', async () => {
  await expect(claimAttempt(db(), [{ key: 'too-long', windowMs: 25 * HOUR, limit: 3, block: 'until-window-end' }], 'too many')).rejects.toThrow(/longer than LONGEST_WINDOW_MS/);
});
