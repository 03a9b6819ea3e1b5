import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fp from 'fastify-plugin';

/**
 * Security headers: a strict CSP and transport headers. Helmet's defaults are tightened where OWASP ASVS
 * asks: base-uri and object-src none, no framing. style-src keeps 'unsafe-inline' because MUI's emotion
 * injects its styles at run time; scripts stay strictly 'self'.
 */
/** SPA pages whose URL holds a one-time token (a password reset or email confirmation link). */
const SECRET_PAGE_PATHS = ['/reset-password/', '/confirm-email/'];

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  // Built once: helmet's Fastify wrapper builds the middleware (and parses the CSP) again on every request.
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS; on http://localhost it would only confuse a browser.
    strictTransportSecurity: app.config.publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) void reply.header('cache-control', 'no-store');
    // A page whose address carries a secret: no request it makes may tell another site that address.
    if (SECRET_PAGE_PATHS.some((path) => request.url.startsWith(path))) void reply.header('referrer-policy', 'no-referrer');
  });
}, { name: 'security-headers' });
