import type { Database } from '../../db/database';
import { invalidInput } from '../../lib/domain-error';
import { claimAttempt, verifyPassword } from '../auth';
import { findPasswordHash } from '../members';

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const TOO_MANY_PASSWORD_CHECKS = 'Too many attempts with your current password. Please wait a moment and try again.';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Proves the signed-in member knows their password before a change that could take the account over
 * (its password, its email address). Every such attempt counts against one budget per account, so a
 * borrowed session cannot be used to guess the password through either form.
 */
export async function proveCurrentPassword(db: Database, userId: string, password: string): Promise<void> {
  await claimAttempt(
    db,
    [{ key: `current-password:${userId}`, windowMs: FIFTEEN_MINUTES, limit: 5, block: 'growing' }],
    TOO_MANY_PASSWORD_CHECKS,
  );
  const storedHash = await findPasswordHash(db, userId);
  if (!(await verifyPassword(storedHash ?? undefined, password))) throw invalidInput(WRONG_CURRENT_PASSWORD);
}
