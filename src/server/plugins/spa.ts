import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built SPA: hashed bundles cached for a year, index.html never cached, and every
 * unknown non-API GET answered with index.html so client-side routes survive a reload.
 */
export const spaPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.clientDir;
  const hasClient = existsSync(path.join(root, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        const immutable = /\.[0-9a-f]{8,}\./.test(path.basename(filePath));
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // With wildcard off, static registers one route per built file; the rest falls to the handler below.
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (wantsPage && hasClient) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    if (wantsPage) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.status(404).send({ error: `No route for ${request.method} ${request.url.split('?')[0]}` });
  });
}, { name: 'spa' });
