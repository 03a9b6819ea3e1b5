import type { InferType } from 'yup';
import type { EmailChangeStatus } from '@shared/api/account';
import { normalizeEmail } from '@shared/validation/account';
import { EMAIL_CHANGE_LINK_INVALID, type emailChangeSchema } from '@shared/validation/account-changes';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, invalidInput } from '../../lib/domain-error';
import { hashToken, newToken } from '../../lib/secret-tokens';
import type { AuthContext } from '../../types';
import type { Mailer } from '../mail';
import { findMemberAccountById, findUserByEmail, setUserEmail } from '../members';
import { proveCurrentPassword } from './current-password';
import { queueAddressInUse, queueEmailChangedNotice, queueEmailChangeLink } from './email-change-mail';
import { deleteUserEmailChanges, findPendingEmailChange, insertEmailChange, takeEmailChange } from './email-changes-repository';
import { deleteUserPasswordResets } from './password-resets-repository';

export const EMAIL_CHANGE_NEEDS_EMAIL =
  'This Parley server cannot send email, so your email address cannot be changed here. Ask the server’s operator to set up email.';
export const EMAIL_UNCHANGED = 'This is already your email address';
export const EMAIL_IN_USE = 'Another Parley account already uses this email address. Nothing was changed.';

const LINK_LIFETIME_HOURS = 24;

type EmailChange = InferType<typeof emailChangeSchema>;

export function emailChangeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email/${token}`;
}

export function emailChangeRequested(newEmail: string): string {
  return `A confirmation link is on its way to ${newEmail}. Your address changes when you open it, within ${LINK_LIFETIME_HOURS} hours.`;
}

export function emailChanged(newEmail: string): string {
  return `Your email address is now ${newEmail}. Sign in with it from now on.`;
}

/** Whether the Profile offers the change (only with SMTP), and the change waiting for its link. */
export async function emailChangeStatus(db: Database, mail: Mailer, auth: AuthContext): Promise<EmailChangeStatus> {
  const pending = mail.configured ? await findPendingEmailChange(db, auth.userId, new Date()) : null;
  return {
    available: mail.configured,
    pending: pending && { newEmail: pending.newEmail, expiresAt: pending.expiresAt.toISOString() },
  };
}

/**
 * Asks to move the account to a new address, proven by the current password: a one-time link goes to
 * the new address, and nothing changes until it is opened. An address another account uses gets a mail
 * saying so instead of a link, and the answer is the same either way, so a member cannot learn from it
 * which addresses have accounts; only whoever reads that mailbox learns it. A new request replaces the
 * one before.
 */
export async function requestEmailChange(db: Database, mail: Mailer, auth: AuthContext, change: EmailChange): Promise<{ message: string }> {
  if (!mail.configured) throw conflict(EMAIL_CHANGE_NEEDS_EMAIL);
  const newEmail = normalizeEmail(change.newEmail);
  if (newEmail === normalizeEmail(auth.email)) throw invalidInput(EMAIL_UNCHANGED);
  await proveCurrentPassword(db, auth.userId, change.currentPassword);
  const account = { organizationId: auth.organizationId, organizationName: auth.organizationName, to: newEmail };
  await db.transaction(async (tx) => {
    await deleteUserEmailChanges(tx, auth.userId);
    if (await findUserByEmail(tx, newEmail)) {
      await queueAddressInUse(tx, mail, account);
      return;
    }
    const token = newToken();
    const expiresAt = new Date(Date.now() + LINK_LIFETIME_HOURS * 3_600_000);
    await insertEmailChange(tx, { id: hashToken(token), userId: auth.userId, newEmail, expiresAt });
    await queueEmailChangeLink(tx, mail, { ...account, link: emailChangeLink(mail.publicUrl, token), lifetimeHours: LINK_LIFETIME_HOURS });
  });
  mail.kick();
  return { message: emailChangeRequested(newEmail) };
}

/** Drops the change waiting for its link: the link sent stops working. */
export async function cancelEmailChange(db: Database, auth: AuthContext): Promise<void> {
  await deleteUserEmailChanges(db, auth.userId);
}

/**
 * Opening the link: the account's address becomes the new one, and the old address is told. The link
 * works once, in any browser (it proves the new mailbox; the password was proven when asking). Reset
 * links mailed to the old address die with it. An address another account took since the request is
 * refused: whoever holds the link reads that mailbox, so saying so tells them nothing new.
 */
export async function confirmEmailChange(db: Database, mail: Mailer, token: string): Promise<{ message: string }> {
  const newEmail = await db
    .transaction(async (tx) => {
      const change = await takeEmailChange(tx, hashToken(token), new Date());
      const account = change && (await findMemberAccountById(tx, change.userId));
      if (!change || !account) throw invalidInput(EMAIL_CHANGE_LINK_INVALID);
      if (await findUserByEmail(tx, change.newEmail)) throw conflict(EMAIL_IN_USE);
      await setUserEmail(tx, change.userId, change.newEmail);
      await deleteUserEmailChanges(tx, change.userId);
      await deleteUserPasswordResets(tx, change.userId);
      if (mail.configured) await queueEmailChangedNotice(tx, mail, { ...account, to: account.email, newEmail: change.newEmail });
      return change.newEmail;
    })
    .catch((error: unknown) => {
      // Another account took the address between the check and the update.
      throw isUniqueViolation(error) ? conflict(EMAIL_IN_USE) : error;
    });
  mail.kick();
  return { message: emailChanged(newEmail) };
}
