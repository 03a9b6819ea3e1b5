/** @jest-environment node */
import Fastify from 'fastify';
import { loadConfig } from '../config';
import { fastifyTrustProxy, parseTrustProxy } from './trusted-proxies';

/** The address Parley takes as the client's for a request arriving from `peer` with these forwarding headers. */
async function clientAddress(trustProxy: string | undefined, peer: string, forwardedFor?: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(parseTrustProxy(trustProxy)) });
  app.get('/ip', async (request) => request.ip);
  try {
    const response = await app.inject({
      method: 'GET', url: '/ip', remoteAddress: peer, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    return response.body;
  } finally {
    await app.close();
  }
}

describe('TRUST_PROXY', () => {
  test('unset: the peer is the client, whatever X-Forwarded-For claims', async () => {
    expect(await clientAddress(undefined, '203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
    expect(await clientAddress('0', '203.0.113.9', '127.0.0.1')).toBe('203.0.113.9');
  });

  test('a hop count takes the address the outermost trusted proxy saw, never what the client wrote before it', async () => {
    // One proxy appends the address it saw; anything to its left the client wrote itself.
    expect(await clientAddress('1', '10.0.0.5', '127.0.0.1, 198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress('2', '10.0.0.5', '127.0.0.1, 203.0.113.9, 10.0.0.4')).toBe('203.0.113.9');
    expect(await clientAddress('1', '10.0.0.5')).toBe('10.0.0.5');
  });

  test('a list of proxy addresses trusts only those peers, and only through them', async () => {
    const trusted = '10.0.0.5, 192.168.0.0/16';
    expect(await clientAddress(trusted, '10.0.0.5', '127.0.0.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress(trusted, '10.0.0.5', '127.0.0.1, 203.0.113.9, 192.168.4.2')).toBe('203.0.113.9');
    // A peer that is not one of the proxies is the client, and its X-Forwarded-For is ignored.
    expect(await clientAddress(trusted, '203.0.113.50', '127.0.0.1')).toBe('203.0.113.50');
    expect(await clientAddress('loopback', '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
  });

  test('a value that names no hop count or proxy address stops the start with a clear message', () => {
    for (const value of ['true', 'yes', '10.0.0', '10.0.0.0/33', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY/);
    }
  });
});
