import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A request made directly on this machine: its connection comes from loopback, or from the very address
 * it reached (a process calling its own server on a non-loopback HOST), and no proxy forwarded it. A
 * reverse proxy on this machine connects over loopback too, so a forwarding header means the request
 * came from elsewhere, whatever address it claims.
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  const { remoteAddress, localAddress } = request.raw.socket;
  return !forwarded && remoteAddress !== undefined && (LOOPBACK.has(remoteAddress) || remoteAddress === localAddress);
}
