import type { InferType } from 'yup';
import type { passwordChangeSchema } from '@shared/validation/account-changes';
import type { Database } from '../../db/database';
import { invalidInput } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { claimAttempt, hashPassword, verifyPassword } from '../auth';
import { endOtherSessions, findPasswordHash, setPasswordHash, setUserName } from '../members';
import { deleteUserPasswordResets } from './password-resets-repository';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const TOO_MANY_PASSWORD_CHANGES = 'Too many password change attempts. Please wait a moment and try again.';

const FIFTEEN_MINUTES = 15 * 60_000;

type PasswordChange = InferType<typeof passwordChangeSchema>;

/** The member's own name, as every screen and every message they wrote shows it. */
export async function renameAccount(db: Database, auth: AuthContext, name: string): Promise<void> {
  await setUserName(db, auth.userId, name);
}

/**
 * Sets a new password once the current one is proven. Every other session of the account ends and any
 * reset link dies with the old password; the session asking stays signed in. Attempts are throttled per
 * account, so a borrowed session cannot be used to guess the password.
 */
export async function changePassword(db: Database, auth: AuthContext, change: PasswordChange): Promise<void> {
  await claimAttempt(
    db,
    [{ key: `password-change:${auth.userId}`, windowMs: FIFTEEN_MINUTES, limit: 5, block: 'growing' }],
    TOO_MANY_PASSWORD_CHANGES,
  );
  const storedHash = await findPasswordHash(db, auth.userId);
  if (!(await verifyPassword(storedHash ?? undefined, change.currentPassword))) throw invalidInput(WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.userId, passwordHash);
    await deleteUserPasswordResets(tx, auth.userId);
    await endOtherSessions(tx, auth.userId, auth.sessionId);
  });
}
