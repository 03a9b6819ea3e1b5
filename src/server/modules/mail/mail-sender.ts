import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/database';
import { createTokenCipher } from '../../lib/token-cipher';
import { claimDueMail, markMailFailed, markMailSent, type ClaimedMail } from './mail-outbox-repository';
import { withLink } from './mail-template';

export interface MailSenderSettings {
  smtpUrl: string;
  from: string;
  encryptionKey: Buffer;
  /** The wait before the first retry; each later one doubles it, up to MAX_RETRY_MS. */
  retryBaseMs: number;
}

/** Past this many attempts (about a day of retries at the default pace) a message is given up. */
export const MAX_MAIL_ATTEMPTS = 30;
const MAX_RETRY_MS = 3_600_000;
/** A claimed message is hidden from other senders this long: well past the SMTP timeouts below. */
const LEASE_SECONDS = 180;

/**
 * Sends the outbox, one message per step. Delivery is at least once: a message is marked sent after the
 * SMTP server accepted it, so a crash between the two sends it again, with the same Message-ID.
 */
export class MailSender {
  private readonly transport: Transporter;

  constructor(
    private readonly db: Database,
    private readonly settings: MailSenderSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  /** Sends one due message; answers whether there was one. */
  async step(): Promise<boolean> {
    const mail = await claimDueMail(this.db, LEASE_SECONDS);
    if (!mail) return false;
    let link: string | null;
    try {
      link = mail.secret === null ? null : createTokenCipher(this.settings.encryptionKey).decrypt(mail.organizationId, 'mail_link', mail.secret);
    } catch {
      // Encrypted under another PARLEY_ENCRYPTION_KEY: no attempt can ever send it.
      await markMailFailed(this.db, mail.id, 'the link does not decrypt with this PARLEY_ENCRYPTION_KEY', null);
      this.log.error({ mailId: mail.id }, 'queued mail cannot be decrypted; given up');
      return true;
    }
    try {
      await this.send(mail, link);
    } catch (error) {
      await this.recordFailure(mail, error);
      return true;
    }
    await markMailSent(this.db, mail.id);
    return true;
  }

  close(): void {
    this.transport.close();
  }

  private async send(mail: ClaimedMail, link: string | null): Promise<void> {
    const bodies = withLink({ text: mail.textBody ?? '', html: mail.htmlBody ?? '' }, link);
    await this.transport.sendMail({
      from: this.settings.from,
      to: mail.recipient,
      subject: mail.subject,
      text: bodies.text,
      html: bodies.html,
      messageId: mail.messageId,
    });
  }

  private async recordFailure(mail: ClaimedMail, error: unknown): Promise<void> {
    // Only what names the failure: an SMTP answer may quote the message, and the message holds a link.
    const reason = smtpFailure(error);
    const retryInSeconds = mail.attempts >= MAX_MAIL_ATTEMPTS
      ? null
      : Math.min(this.settings.retryBaseMs * 2 ** (mail.attempts - 1), MAX_RETRY_MS) / 1000;
    await markMailFailed(this.db, mail.id, reason, retryInSeconds);
    this.log.warn({ mailId: mail.id, attempts: mail.attempts, reason, retryInSeconds }, 'mail not sent');
  }
}

function smtpFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  return [error.name, code, responseCode].filter((part) => part !== undefined).join(' ');
}
