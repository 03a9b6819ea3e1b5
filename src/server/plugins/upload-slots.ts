import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rateLimited } from '../lib/domain-error';
import { InProgressLimit } from '../lib/in-progress-limit';

/** Uploads one member may have in progress at once, per process: enough for a few files side by side. */
export const UPLOADS_PER_MEMBER = 3;
/** The wait a refused upload is told to take: long enough for a small file to finish. */
const RETRY_AFTER_SECONDS = 5;

export const TOO_MANY_UPLOADS = `You are already sending ${UPLOADS_PER_MEMBER} files. Wait for one of them to finish, then try again.`;

/**
 * Caps the uploads (routes with `config.multipart`) one member has in progress, so nobody can hold the
 * disk and the server's connections with many large uploads at once. A slot is taken when the request
 * arrives, before its body is read, and given back when its response closes (sent, refused or cut off).
 */
export const uploadSlotsPlugin = fp(async (app: FastifyInstance) => {
  const uploads = new InProgressLimit(UPLOADS_PER_MEMBER);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.multipart || !request.auth) return;
    const release = uploads.claim(`${request.auth.organizationId}:${request.auth.userId}`);
    if (!release) throw rateLimited(TOO_MANY_UPLOADS, RETRY_AFTER_SECONDS);
    reply.raw.once('close', release);
  });
}, { name: 'upload-slots', dependencies: ['session', 'access'] });
