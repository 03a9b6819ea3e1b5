/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { emailChanges, passwordResets } from '../../db/schema';
import { hashToken, newToken } from '../../lib/secret-tokens';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile } from '../../testing/test-app';
import { insertEmailChange } from './email-changes-repository';
import { pruneExpiredLinks } from './expired-links';
import { insertPasswordReset } from './password-resets-repository';

const file = appWithAdminForFile();
const db = () => file.t.database.db;
const HOUR = 3_600_000;

test('expired reset and email-change links are deleted; links still valid are kept and still work', async () => {
  const agent = await addMemberWith(file.t, file.organizationId, ['chats:view']);
  const userId = agent.user.userId;
  const now = Date.now();
  const [stale, fresh] = [newToken(), newToken()];
  await insertPasswordReset(db(), { id: hashToken(stale), userId, expiresAt: new Date(now - HOUR) });
  await insertPasswordReset(db(), { id: hashToken(fresh), userId, expiresAt: new Date(now + HOUR) });
  await insertEmailChange(db(), { id: hashToken(newToken()), userId, newEmail: 'old-ask@example.com', expiresAt: new Date(now - 1) });
  await insertEmailChange(db(), { id: hashToken(newToken()), userId, newEmail: 'new-ask@example.com', expiresAt: new Date(now + HOUR) });

  const pruned = await pruneExpiredLinks(db(), new Date(now));
  expect(pruned).toEqual({ passwordResets: 1, emailChanges: 1 });
  expect((await db().select().from(passwordResets).where(eq(passwordResets.userId, userId))).map((row) => row.id)).toEqual([hashToken(fresh)]);
  expect((await db().select().from(emailChanges).where(eq(emailChanges.userId, userId))).map((row) => row.newEmail)).toEqual(['new-ask@example.com']);

  const confirmed = await file.t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: fresh, password: 'Fresh1Start' } });
  expect(confirmed.statusCode).toBe(200);
  expect(await pruneExpiredLinks(db(), new Date(now))).toEqual({ passwordResets: 0, emailChanges: 0 });
});
