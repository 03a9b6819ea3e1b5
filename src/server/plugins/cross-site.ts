import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../lib/domain-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF), on top of the
 * SameSite session cookie. Browsers mark every such request with Origin and Sec-Fetch-Site; requests
 * without either come from non-browser clients, which carry no ambient cookie risk. A GET route that
 * writes declares `config.writesOnGet`, and one whose answer must stay on this site `config.sameSiteOnly`;
 * both are treated the same. The webhook is exempt: it has no
 * session and is authenticated by its signature.
 */
export const crossSitePlugin = fp(async (app: FastifyInstance) => {
  const publicOrigin = new URL(app.config.publicUrl).origin;

  app.addHook('onRequest', async (request) => {
    const { writesOnGet, sameSiteOnly } = request.routeOptions.config;
    const safe = SAFE_METHODS.has(request.method) && !writesOnGet && !sameSiteOnly;
    if (safe || request.url.startsWith('/api/webhooks/')) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden('Cross-site request refused');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== ownOrigin(request)) {
      throw forbidden('Cross-site request refused');
    }
  });
}, { name: 'cross-site' });

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
