import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { InferType } from 'yup';
import type { webhookHandshakeQuerySchema } from '@shared/validation/webhooks';
import type { Database } from '../../db/database';
import { forbidden, invalidInput, unauthorized } from '../../lib/domain-error';
import { isValidSignature } from '../../whatsapp/webhook-signature';
import { findVerifyToken } from '../whatsapp-settings';

export type WebhookHandshake = InferType<typeof webhookHandshakeQuerySchema>;

/** Where accepted events go: stored durably, then processed in the background. */
export interface EventInbox {
  store(payload: unknown): Promise<void>;
  drain(): Promise<void>;
}

const MAX_CHALLENGE_LENGTH = 256;

/**
 * Meta's verification handshake: the challenge is echoed only for `subscribe` with a verify token some
 * organization saved (one callback URL serves the whole deployment). Anything else is refused.
 */
export async function answerHandshake(db: Database, query: WebhookHandshake, log: FastifyBaseLogger): Promise<string> {
  const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = query;
  if (mode !== 'subscribe' || !token || !challenge || challenge.length > MAX_CHALLENGE_LENGTH || !(await isKnownVerifyToken(db, token))) {
    log.warn({ event: 'webhook_verification_refused', mode }, 'webhook verification refused');
    throw forbidden('Webhook verification failed');
  }
  return challenge;
}

/**
 * The event in a webhook POST, accepted only with a valid X-Hub-Signature-256 over the exact bytes
 * received (Meta signs its own unicode-escaped JSON, so parsing first and re-serializing would break the
 * check). Without an app secret every POST is refused.
 */
export function signedPayloadOf(
  raw: Buffer,
  signature: string | undefined,
  appSecret: string | undefined,
  caller: { log: FastifyBaseLogger; ip: string },
): unknown {
  if (!isValidSignature(raw, signature, appSecret)) {
    caller.log.warn({ event: 'webhook_signature_failure', ip: caller.ip }, 'webhook signature missing or invalid');
    throw unauthorized('Invalid webhook signature');
  }
  const text = raw.toString('utf8');
  try {
    // PostgreSQL's jsonb cannot hold U+0000; a customer can still type one, so it becomes U+FFFD.
    return text.includes('\\u0000') ? JSON.parse(text, withoutNul) : JSON.parse(text);
  } catch {
    throw invalidInput('Request body is not valid JSON');
  }
}

/**
 * Meta wants a fast 200 and redelivers what it does not get, so an event is stored before it is
 * acknowledged and processed afterwards, in the background.
 */
export async function acceptEvent(inbox: EventInbox, payload: unknown): Promise<void> {
  await inbox.store(payload);
  void inbox.drain();
}

function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replaceAll('\u0000', '\ufffd') : value;
}

async function isKnownVerifyToken(db: Database, token: string): Promise<boolean> {
  const stored = await findVerifyToken(db, token);
  if (stored === undefined) return false;
  const expected = Buffer.from(stored);
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
