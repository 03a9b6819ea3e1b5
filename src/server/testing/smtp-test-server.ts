import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:{port}`: what SMTP_URL (config.smtpUrl) is set to. */
  readonly url: string;
  /** Every message received so far, in order of arrival. */
  readonly messages: readonly ReceivedMail[];
  /** Resolves once `count` messages have arrived in all (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<readonly ReceivedMail[]>;
  /** Stops listening (a sender now meets a refused connection); `start()` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export interface SmtpTestServerOptions {
  /**
   * Also writes each message, as received, to `{mailDir}/{n}.eml`, for tests in other processes (the
   * browser tests' server is started by their global set-up); the server then does not keep its
   * process alive.
   */
  mailDir?: string;
}

/**
 * A real SMTP server on a free local port, for tests that check what Parley sends: plain SMTP, any
 * login accepted (authOptional), STARTTLS off so no certificate is needed.
 */
export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  let server: SMTPServer | null = null;
  let port = 0;

  let saved = 0;
  const receive = (raw: Buffer, to: string[]) => {
    if (options.mailDir) {
      saved += 1;
      writeFileSync(path.join(options.mailDir, `${String(saved).padStart(5, '0')}.eml`), raw);
    }
    void simpleParser(raw).then((parsed) => {
      messages.push({
        to,
        from: parsed.from?.text ?? '',
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html || '',
        messageId: parsed.messageId ?? '',
      });
      for (const wake of waiters.splice(0)) wake();
    });
  };

  const start = () => new Promise<void>((resolve, reject) => {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          receive(Buffer.concat(chunks), session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    next.on('error', reject);
    const listening = next.listen(port, '127.0.0.1', () => {
      port = (listening.address() as AddressInfo).port;
      if (options.mailDir) listening.unref();
      server = next;
      resolve();
    });
  });

  const stop = () => new Promise<void>((resolve) => {
    const current = server;
    server = null;
    if (!current) return resolve();
    current.close(() => resolve());
  });

  const waitFor = async (count: number, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (messages.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`waited ${timeoutMs} ms for ${count} emails; ${messages.length} arrived`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
    return messages;
  };

  await start();
  return { get url() { return `smtp://127.0.0.1:${port}`; }, messages, waitFor, stop, start };
}

/** The first link in a received message's text that starts with `prefix`. */
export function linkIn(mail: Pick<ReceivedMail, 'text'>, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S+`).exec(mail.text);
  if (!match) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
  return match[0];
}
