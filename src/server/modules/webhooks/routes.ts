import type { FastifyInstance } from 'fastify';
import { webhookHandshakeQuerySchema, webhookPayloadSchema } from '@shared/validation/webhooks';
import type { YupTypeProvider } from '../../plugins/validation';
import { acceptEvent, answerHandshake, signedPayloadOf } from './webhooks-service';

/** Meta caps a webhook POST at 3 MB; a little headroom, but bounded. */
export const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * The WhatsApp webhook (public: Meta has no session). GET is Meta's verification handshake; POST
 * carries events, accepted only with a valid signature over the raw body, stored, and answered 200
 * before any processing. This plugin keeps JSON request bodies as raw bytes — in its own scope only —
 * and reads them as JSON once the signature is checked, before the body schema sees them.
 */
export async function webhookRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.get(
    '/whatsapp',
    { config: { access: 'public' }, schema: { querystring: webhookHandshakeQuerySchema } },
    async (request, reply) => reply.type('text/plain').send(await answerHandshake(app.db, request.query, request.log)),
  );

  app.post(
    '/whatsapp',
    {
      config: { access: 'public' },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: { body: webhookPayloadSchema },
      preValidation: async (request) => {
        const signature = request.headers['x-hub-signature-256'];
        request.body = signedPayloadOf(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
          app.config.whatsappAppSecret,
          { log: request.log, ip: request.ip },
        );
      },
    },
    async (request, reply) => {
      await acceptEvent(app.webhookInbox, request.body);
      return reply.status(200).send({ received: true });
    },
  );
}
