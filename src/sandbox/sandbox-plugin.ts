import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { graphErrors, SandboxGraphError } from './graph-errors';
import { fromThisMachine } from './local-caller';
import { controlRoutes } from './routes/control';
import { graphRoutes } from './routes/graph-router';
import { Sandbox, type SandboxOptions } from './sandbox';

export interface SandboxPluginOptions {
  sandbox: Sandbox;
  /** Let other machines use /_sandbox controls (off: loopback only). */
  allowRemoteControl?: boolean;
  /**
   * Answer only requests made directly on this machine, Graph API included. The sandbox built into
   * Parley's server is called by that server alone; anyone else reaching it (through a proxy, or on a
   * public HOST) is refused from the request's headers, before any body is read.
   */
  localCallersOnly?: boolean;
}

/** Every request but a media upload (whose route sets its own limit) is a small JSON body: a message, a template, a control. */
const BODY_LIMIT = 256 * 1024;

/**
 * The sandbox as a Fastify plugin, mountable under any prefix (the product mounts it at
 * /sandbox/graph) or at the root of its own server (`npm run sandbox`). It keeps its own body parsers
 * and Graph-shaped errors in its scope, and closes the sandbox (every timer) when the server closes.
 */
export async function sandboxPlugin(
  app: FastifyInstance,
  { sandbox, allowRemoteControl = false, localCallersOnly = false }: SandboxPluginOptions,
): Promise<void> {
  if (localCallersOnly) {
    app.addHook('onRequest', async (request, reply) => {
      if (!fromThisMachine(request)) await reply.status(403).send(graphErrors.permissionDenied().toBody());
    });
  }
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(String(body)));
    } catch {
      done(graphErrors.invalidParameter('The request body is not valid JSON.'), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.setErrorHandler((error: FastifyError | SandboxGraphError, _request, reply) => {
    if (error instanceof SandboxGraphError) return reply.status(error.httpStatus).send(error.toBody());
    if (error.statusCode && error.statusCode < 500) {
      const graph = graphErrors.invalidParameter(error.message);
      // A body over the limit keeps its 413, so a client can tell it from a malformed one.
      return reply.status(error.statusCode === 413 ? 413 : 400).send(graph.toBody());
    }
    app.log.error({ err: error }, 'sandbox failed');
    return reply.status(500).send(new SandboxGraphError(500, 1, 'An unknown error occurred', { transient: true }).toBody());
  });
  app.addHook('onClose', async () => sandbox.close());

  await app.register(controlRoutes, { prefix: '/_sandbox', sandbox, allowRemote: allowRemoteControl });
  await app.register(graphRoutes, { sandbox });
}

/** A standalone sandbox server (not listening yet), and the sandbox it serves. */
export async function buildSandboxApp(
  options: SandboxOptions & { allowRemoteControl?: boolean; logger?: boolean },
): Promise<{ app: FastifyInstance; sandbox: Sandbox }> {
  const sandbox = new Sandbox(options);
  const app = Fastify({ logger: options.logger ?? false });
  await app.register(sandboxPlugin, { sandbox, allowRemoteControl: options.allowRemoteControl });
  return { app, sandbox };
}
