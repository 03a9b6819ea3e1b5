import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';

/**
 * The reverse proxies in front of Parley that the operator vouches for (TRUST_PROXY). Only what those
 * proxies wrote into X-Forwarded-For is believed: the client's address is the one the outermost trusted
 * proxy saw, never a value the client put in the header itself.
 */
export type TrustedProxies =
  | { kind: 'none' }
  /** Parley is reachable only through this many proxies, each appending the address it saw. */
  | { kind: 'hops'; hops: number }
  /** Peers at these addresses (IPs, CIDRs, or proxy-addr's loopback / linklocal / uniquelocal) are proxies. */
  | { kind: 'addresses'; addresses: string[] };

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: unset or `0` (no proxy), a hop count (`1`: one proxy), or a comma-separated list of proxy addresses. */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const addresses = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  const unknown = addresses.filter((entry) => !isProxyAddress(entry));
  if (unknown.length > 0 || addresses.length === 0) {
    throw new Error(
      `TRUST_PROXY must be a number of proxy hops (1: one proxy in front) or a comma-separated list of proxy addresses ` +
        `(IPs, CIDRs, loopback, linklocal, uniquelocal); not understood: ${unknown.join(', ') || text}`,
    );
  }
  return { kind: 'addresses', addresses };
}

/** Fastify's `trustProxy` for the proxies the operator named. */
export function fastifyTrustProxy(trusted: TrustedProxies): FastifyServerOptions['trustProxy'] {
  switch (trusted.kind) {
    case 'none':
      return false;
    case 'hops':
      // Fastify's numeric option trusts no hop at all (it cannot know the peer is a proxy); the operator
      // says it is, so the peer and the entries the first `hops - 1` proxies appended are trusted.
      return (_address: string, hop: number) => hop < trusted.hops;
    case 'addresses':
      return trusted.addresses;
  }
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4; // an IPv4 netmask, e.g. 10.0.0.0/255.0.0.0
}
