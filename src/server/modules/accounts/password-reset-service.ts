import type { PasswordResetLinkResponse } from '@shared/api/account';
import { normalizeEmail } from '@shared/validation/account';
import { RESET_LINK_INVALID } from '@shared/validation/account-changes';
import type { AppConfig } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { DomainError, invalidInput, notFound } from '../../lib/domain-error';
import { hashToken, newToken } from '../../lib/secret-tokens';
import type { AuthContext } from '../../types';
import { claimAttempt, hashPassword, loginKeysClearedByReset, resetKeys } from '../auth';
import type { Mailer } from '../mail';
import { endAllSessions, findMemberAccountByEmail, findUserByEmail, findUserEmail, lockHelpableMember, setPasswordHash } from '../members';
import { deleteUserPasswordResets, insertPasswordReset, takePasswordReset } from './password-resets-repository';
import { queueResetMail } from './reset-mail';
import { passwordResetRules, TOO_MANY_RESETS } from './reset-throttle-rules';

export const RESET_MAIL_ON_ITS_WAY =
  'If an account uses this address, a link to set a new password is on its way. It works once, within one hour.';
export const RESET_NEEDS_A_TEAMMATE =
  'This Parley server cannot send email. Ask an admin of your team for a password reset link.';
export const PASSWORD_RESET_DONE = 'Your password has been changed. Sign in with your new password.';
export const CANNOT_RESET_OWN_PASSWORD = 'Change your own password in your Profile';
export const NO_ACCOUNT_WITH_EMAIL = 'No account uses this email address';

const LINK_LIFETIME_MS = 60 * 60_000;
/**
 * A reset request answers no sooner than this, whatever it did: an address with an account costs a mail
 * written to the outbox, one without costs nothing, and the time must not tell them apart.
 */
const ANSWER_FLOOR_MS = 300;

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/${token}`;
}

/**
 * "Forgot password?": mails a one-time link when the address has an account, and answers the same either
 * way, after the same time. Throttled per address asked about and per client address. Without SMTP
 * nothing can be sent, and the answer says whom to ask instead.
 */
export async function requestPasswordReset(
  db: Database,
  mail: Mailer,
  request: { email: string; ip: string },
): Promise<{ message: string }> {
  const started = Date.now();
  const email = normalizeEmail(request.email);
  await claimAttempt(db, passwordResetRules(email, request.ip), TOO_MANY_RESETS);
  if (mail.configured) await mailResetLinkIfMember(db, mail, email);
  await untilElapsed(started, ANSWER_FLOOR_MS);
  return { message: mail.configured ? RESET_MAIL_ON_ITS_WAY : RESET_NEEDS_A_TEAMMATE };
}

async function mailResetLinkIfMember(db: Database, mail: Mailer, email: string): Promise<void> {
  const account = await findMemberAccountByEmail(db, email);
  if (!account) return;
  try {
    await db.transaction(async (tx) => {
      const issued = await issueResetLink(tx, mail.publicUrl, account.userId);
      await queueResetMail(tx, mail, { to: email, ...account, link: issued.link });
    });
    mail.kick();
  } catch (error) {
    // The day's mail cap for this address: saying so would tell that the address has an account.
    if (error instanceof DomainError && error.kind === 'rate_limited') return;
    throw error;
  }
}

/**
 * Sets a new password through a reset link. The link is used up, every other link of the account dies,
 * and every session of the account ends (whoever else was signed in is signed out). The owner has
 * proven themselves, so the sign-in failures that blocked them from this client address are forgotten.
 */
export async function confirmPasswordReset(db: Database, reset: { token: string; password: string; ip: string }): Promise<void> {
  const passwordHash = await hashPassword(reset.password);
  await db.transaction(async (tx) => {
    const link = await takePasswordReset(tx, hashToken(reset.token), new Date());
    if (!link) throw invalidInput(RESET_LINK_INVALID);
    await setPasswordHash(tx, link.userId, passwordHash);
    await deleteUserPasswordResets(tx, link.userId);
    await endAllSessions(tx, link.userId);
    const email = await findUserEmail(tx, link.userId);
    if (email) await resetKeys(tx, loginKeysClearedByReset(email, reset.ip));
  });
}

/**
 * A reset link a teammate makes for a member who cannot receive mail, shown once to the teammate. The
 * rule is a role change's: never for oneself, never for a member holding permissions the actor lacks.
 */
export async function createMemberResetLink(
  db: Database,
  config: AppConfig,
  actor: Pick<AuthContext, 'organizationId' | 'userId' | 'permissions'>,
  memberId: string,
): Promise<PasswordResetLinkResponse> {
  return db.transaction(async (tx) => {
    const { userId } = await lockHelpableMember(tx, actor, memberId, CANNOT_RESET_OWN_PASSWORD);
    const issued = await issueResetLink(tx, config.publicUrl, userId);
    return { link: issued.link, expiresAt: issued.expiresAt.toISOString() };
  });
}

/** A reset link for whoever uses this address, for the server's operator (`npm run reset-password`). */
export async function createResetLinkForEmail(db: Database, config: Pick<AppConfig, 'publicUrl'>, email: string): Promise<{ link: string; expiresAt: Date }> {
  const user = await findUserByEmail(db, normalizeEmail(email));
  if (!user) throw notFound(NO_ACCOUNT_WITH_EMAIL);
  return issueResetLink(db, config.publicUrl, user.id);
}

/** Stores a new link's hash (the token itself is never stored) and answers the link. */
async function issueResetLink(tx: Queryable, publicUrl: string, userId: string): Promise<{ link: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + LINK_LIFETIME_MS);
  await insertPasswordReset(tx, { id: hashToken(token), userId, expiresAt });
  return { link: passwordResetLink(publicUrl, token), expiresAt };
}

function untilElapsed(started: number, floorMs: number): Promise<void> {
  const remaining = started + floorMs - Date.now();
  return remaining > 0 ? new Promise((resolve) => setTimeout(resolve, remaining)) : Promise.resolve();
}
