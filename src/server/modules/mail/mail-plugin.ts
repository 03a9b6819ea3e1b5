import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queryable } from '../../db/database';
import { DrainLoop } from '../../lib/drain-loop';
import { pruneMailOutbox } from './mail-retention';
import { MailSender } from './mail-sender';
import { isMailConfigured, queueMail, type QueuedMail } from './mail-service';

/** What routes and services use of mail. */
export interface Mailer {
  /** SMTP_URL is set: mail is sent. Otherwise nothing should be queued, and the screen says so. */
  readonly configured: boolean;
  /** PUBLIC_URL: what links in mail start with. */
  readonly publicUrl: string;
  /** Writes a message to the outbox in the caller's transaction (a 429 over the day's cap); `kick()` after it commits. */
  queue(tx: Queryable, mail: QueuedMail): Promise<void>;
  /** Something was queued: send now rather than at the next poll. */
  kick(): void;
  /** Resolves once everything due now was attempted (tests). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
  }
}

/** How often each process looks for mail that is due (a retry, or a message another process queued). */
const MAIL_POLL_MS = 2_000;
const DEFAULT_RETRY_BASE_MS = 30_000;
/** How often each process deletes settled mail past its retention (deleting twice is harmless). */
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * This process's mail: the outbox sender runs while the app is up (on every process: the database
 * decides which one sends each message) and stops before the database closes. Without SMTP_URL it
 * sends nothing and `configured` is false. The retention prune runs either way: mail queued while
 * SMTP_URL was set stays in the outbox after it is unset.
 */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const configured = isMailConfigured(config);
  const sender = config.smtpUrl
    ? new MailSender(app.db, {
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      encryptionKey: app.encryptionKey,
      retryBaseMs: config.mailRetryBaseMs ?? DEFAULT_RETRY_BASE_MS,
    }, app.log)
    : null;
  const loop = sender ? new DrainLoop('mail-outbox', () => sender.step(), app.log, MAIL_POLL_MS) : null;
  app.decorate('mail', {
    configured,
    publicUrl: config.publicUrl,
    queue: (tx, mail) => queueMail(tx, app.encryptionKey, mail, config.publicUrl),
    kick: () => void loop?.drain(),
    drain: async () => loop?.drain(),
  } satisfies Mailer);
  if (loop && sender) {
    app.addHook('onReady', async () => loop.start());
    app.addHook('preClose', async () => {
      await loop.stop();
      sender.close();
    });
  }
  const prune = new DrainLoop('mail-outbox-prune', () => pruneMailOutbox(app.db).then(() => false), app.log, PRUNE_EVERY_MS);
  app.addHook('onReady', async () => prune.start());
  app.addHook('preClose', async () => prune.stop());
}, { name: 'mail', dependencies: ['database', 'encryption-key'] });
