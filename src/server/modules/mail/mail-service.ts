import { MAIL_DAILY_LIMITS, mailLimitMessage, type MailKind } from '@shared/mail/limits';
import type { AppConfig } from '../../config';
import type { Queryable } from '../../db/database';
import { rateLimited } from '../../lib/domain-error';
import { uuidv7 } from '../../lib/ids';
import { createTokenCipher } from '../../lib/token-cipher';
import { countMailSince, insertOutboxMail } from './mail-outbox-repository';

/** A message to queue: bodies from `buttonMail` (which keeps the link out of them) or plain ones. */
export interface QueuedMail {
  /** The organization the mail speaks for (account mail: the member's own). */
  organizationId: string;
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the bodies stand in for with LINK_PLACEHOLDER: stored encrypted, deleted once sent. */
  secret?: { link: string };
}

const DAY_MS = 86_400_000;

/** Mail goes out only when the server has an SMTP server to hand it to. */
export function isMailConfigured(config: Pick<AppConfig, 'smtpUrl'>): boolean {
  return Boolean(config.smtpUrl);
}

/**
 * Writes a message to the outbox in the caller's transaction: it leaves only if that transaction
 * commits, and the request never waits for SMTP. Over the day's cap for its kind (per organization,
 * per address) it is a 429 and nothing is queued. Two requests at the same instant may both pass a
 * cap by one: the cap is a brake on abuse, not an exact quota.
 */
export async function queueMail(
  tx: Queryable,
  encryptionKey: Buffer,
  mail: QueuedMail,
  publicUrl: string,
): Promise<void> {
  const recipient = mail.to.trim().toLowerCase();
  await assertUnderDailyLimit(tx, mail.kind, mail.organizationId, recipient);
  const id = uuidv7();
  await insertOutboxMail(tx, {
    id,
    organizationId: mail.organizationId,
    kind: mail.kind,
    recipient,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    secret: mail.secret ? createTokenCipher(encryptionKey).encrypt(mail.organizationId, 'mail_link', mail.secret.link) : null,
    messageId: `<${id}@${new URL(publicUrl).hostname}>`,
  });
}

async function assertUnderDailyLimit(tx: Queryable, kind: MailKind, organizationId: string, recipient: string): Promise<void> {
  const limit = MAIL_DAILY_LIMITS[kind];
  const since = new Date(Date.now() - DAY_MS);
  if ((await countMailSince(tx, kind, since, { organizationId })) >= limit.perOrganization) {
    throw rateLimited(mailLimitMessage(kind, 'organization'), DAY_MS / 1000);
  }
  if ((await countMailSince(tx, kind, since, { recipient })) >= limit.perAddress) {
    throw rateLimited(mailLimitMessage(kind, 'address'), DAY_MS / 1000);
  }
}
