import type { InferType } from 'yup';
import type { passwordChangeSchema } from '@shared/validation/account-changes';
import type { Database } from '../../db/database';
import type { AuthContext } from '../../types';
import { hashPassword } from '../auth';
import { endOtherSessions, setPasswordHash, setUserName } from '../members';
import { proveCurrentPassword } from './current-password';
import { deleteUserPasswordResets } from './password-resets-repository';

type PasswordChange = InferType<typeof passwordChangeSchema>;

/** The member's own name, as every screen and every message they wrote shows it. */
export async function renameAccount(db: Database, auth: AuthContext, name: string): Promise<void> {
  await setUserName(db, auth.userId, name);
}

/**
 * Sets a new password once the current one is proven. Every other session of the account ends and any
 * reset link dies with the old password; the session asking stays signed in.
 */
export async function changePassword(db: Database, auth: AuthContext, change: PasswordChange): Promise<void> {
  await proveCurrentPassword(db, auth.userId, change.currentPassword);
  const passwordHash = await hashPassword(change.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, auth.userId, passwordHash);
    await deleteUserPasswordResets(tx, auth.userId);
    await endOtherSessions(tx, auth.userId, auth.sessionId);
  });
}
