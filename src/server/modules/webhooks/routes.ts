import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { whatsappConfigs } from '../../db/schema';
import { invalidInput, forbidden, unauthorized } from '../../lib/domain-error';
import { isValidSignature } from '../../whatsapp/webhook-signature';

/** Meta caps a webhook POST at 3 MB; a little headroom, but bounded. */
export const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

interface HandshakeQuery {
  'hub.mode'?: string;
  'hub.verify_token'?: string;
  'hub.challenge'?: string;
}

/**
 * The WhatsApp webhook (public: Meta has no session). GET is Meta's verification handshake; POST
 * carries events, accepted only with a valid signature over the raw body, stored, and answered 200
 * before any processing. This plugin keeps request bodies as raw bytes — in its own scope only.
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.get<{ Querystring: HandshakeQuery }>('/whatsapp', { config: { access: 'public' } }, async (request, reply) => {
    const { 'hub.mode': mode, 'hub.verify_token': token, 'hub.challenge': challenge } = request.query;
    if (mode !== 'subscribe' || !token || !challenge || challenge.length > 256 || !(await isKnownVerifyToken(app, token))) {
      request.log.warn({ event: 'webhook_verification_refused', mode }, 'webhook verification refused');
      throw forbidden('Webhook verification failed');
    }
    return reply.type('text/plain').send(challenge);
  });

  app.post('/whatsapp', { config: { access: 'public' }, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['x-hub-signature-256'];
    if (!isValidSignature(raw, typeof signature === 'string' ? signature : undefined, app.config.whatsappAppSecret)) {
      request.log.warn({ event: 'webhook_signature_failure', ip: request.ip }, 'webhook signature missing or invalid');
      throw unauthorized('Invalid webhook signature');
    }
    const text = raw.toString('utf8');
    let payload: unknown;
    try {
      // PostgreSQL's jsonb cannot hold U+0000; a customer can still type one, so it becomes U+FFFD.
      payload = text.includes('\\u0000') ? JSON.parse(text, withoutNul) : JSON.parse(text);
    } catch {
      throw invalidInput('Request body is not valid JSON');
    }
    await app.whatsapp.inbox.store(payload);
    void app.whatsapp.inbox.drain();
    return reply.status(200).send({ received: true });
  });
}

function withoutNul(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replaceAll('\u0000', '\ufffd') : value;
}

/** Any organization's verify token answers the handshake: one callback URL serves the whole deployment. */
async function isKnownVerifyToken(app: FastifyInstance, token: string): Promise<boolean> {
  const [row] = await app.db
    .select({ token: whatsappConfigs.webhookVerifyToken })
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.webhookVerifyToken, token))
    .limit(1);
  if (!row) return false;
  const stored = Buffer.from(row.token);
  const given = Buffer.from(token);
  return stored.length === given.length && timingSafeEqual(stored, given);
}
