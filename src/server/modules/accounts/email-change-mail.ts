import type { Queryable } from '../../db/database';
import { buttonMail, type Mailer } from '../mail';

/**
 * The three mails of an email address change, each written to the outbox in the caller's transaction:
 * the confirmation link to the new address, the word to a new address that already has an account
 * (instead of a link), and the notice to the old address once the change is confirmed.
 */

interface AccountMail {
  organizationId: string;
  organizationName: string;
}

export async function queueEmailChangeLink(
  tx: Queryable,
  mail: Mailer,
  change: AccountMail & { to: string; link: string; lifetimeHours: number },
): Promise<void> {
  const bodies = buttonMail({
    organizationName: change.organizationName,
    paragraphs: [
      'Someone signed in to Parley asked to use this address for their account.',
      'If it was you, open the link below to confirm: the account keeps its current address until you do. If not, ignore this email.',
    ],
    buttonLabel: 'Confirm this address',
    link: change.link,
    note: `The link works once, within ${change.lifetimeHours} hours.`,
    publicUrl: mail.publicUrl,
  });
  await mail.queue(tx, { organizationId: change.organizationId, kind: 'email-change', to: change.to, subject: 'Confirm your new Parley email address', ...bodies });
}

/** Said only to the address itself: the member who asked learns it once they read this mailbox. */
export async function queueAddressInUse(tx: Queryable, mail: Mailer, change: AccountMail & { to: string }): Promise<void> {
  const bodies = buttonMail({
    organizationName: change.organizationName,
    paragraphs: [
      'Someone signed in to Parley asked to use this address for their account, but another Parley account already uses it, so nothing changed.',
      'If it was you, sign in with this address, or choose another one for the other account.',
    ],
    buttonLabel: 'Open Parley',
    link: `${mail.publicUrl}/login`,
    publicUrl: mail.publicUrl,
  });
  await mail.queue(tx, { organizationId: change.organizationId, kind: 'email-change', to: change.to, subject: 'This address already has a Parley account', ...bodies });
}

export async function queueEmailChangedNotice(
  tx: Queryable,
  mail: Mailer,
  change: AccountMail & { to: string; newEmail: string },
): Promise<void> {
  const bodies = buttonMail({
    organizationName: change.organizationName,
    paragraphs: [
      `The email address of your Parley account was changed to ${change.newEmail}. Sign in with that address from now on.`,
      `If you did not make this change, ask an admin of ${change.organizationName} for help at once.`,
    ],
    buttonLabel: 'Open Parley',
    link: `${mail.publicUrl}/login`,
    publicUrl: mail.publicUrl,
  });
  await mail.queue(tx, { organizationId: change.organizationId, kind: 'email-change-notice', to: change.to, subject: 'Your Parley email address was changed', ...bodies });
}
