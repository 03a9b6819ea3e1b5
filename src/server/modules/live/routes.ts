import type { FastifyInstance } from 'fastify';
import { LIVE_HEARTBEAT_MS } from '@shared/api/live';
import { noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { AuthContext } from '../../types';
import { sessionToken } from '../auth';
import { viewerOf } from '../conversations';
import { recordStreamSeen } from '../member-presence';
import { loadSession } from '../members';
import { spreadInterval } from '../../lib/spread-interval';
import { mayHear, nudgeEvent } from './nudges';

/** How long a client waits before it reconnects a dropped stream (the EventSource `retry` field). */
const RECONNECT_MS = 2_000;

const samePermissions = (a: AuthContext, b: AuthContext) => [...a.permissions].sort().join() === [...b.permissions].sort().join();

/**
 * GET /events: a signed-in member's live stream (text/event-stream) of nudges about conversations they
 * may see: which one changed, its counter, and the kind of change, never content. It stays open by
 * design: it has no body to wait for, so no body deadline applies. A comment every 25 s keeps proxies
 * from closing it, and with it the session is checked again: a session that ended, or a role whose
 * permissions changed, ends the stream (the client reconnects and is judged afresh).
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', { config: { access: 'chats:view', sameSiteOnly: true }, schema: { querystring: noQuery } }, async (request, reply) => {
    const auth = authOf(request);
    const viewer = viewerOf(auth);
    const token = sessionToken(request);
    const stream = reply.raw;
    reply.hijack();
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // nginx and similar proxies would hold the events back in their buffers.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    stream.write(`retry: ${RECONNECT_MS}\n: connected\n\n`);

    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      stopHeartbeat();
      unsubscribe();
      stream.end();
    };
    // Each write of a chunked response is a system call of its own: the nudges that reach this stream in
    // one tick of the event loop (a burst of notifications read at once) go out in one.
    let corked = false;
    const unsubscribe = app.nudgeHub.subscribe(viewer.organizationId, {
      onNudge: (nudge) => {
        if (!mayHear(viewer, nudge)) return;
        if (!corked) {
          corked = true;
          stream.cork();
          process.nextTick(() => {
            corked = false;
            stream.uncork();
          });
        }
        stream.write(nudgeEvent(nudge));
      },
      onShutdown: end,
    });
    // Auto-assignment counts a member without an open stream for 5 minutes as Away, in any process.
    // A failed write is logged, never the end of the stream: the next heartbeat tries again.
    const seen = async () => {
      if (!auth.permissions.includes('chats:respond')) return;
      await recordStreamSeen(app.db, auth.organizationId, auth.userId).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not record the live stream as seen');
      });
    };
    void seen();
    // Spread: streams opened together (every agent reconnecting after a deploy) must not beat together.
    const stopHeartbeat = spreadInterval(() => {
      stream.write(': heartbeat\n\n');
      void (async () => {
        const now = token ? await loadSession(app.db, app.config, token) : null;
        if (!now || !samePermissions(now.auth, auth)) return end();
        await seen();
      })().catch(() => end());
    }, app.config.liveHeartbeatMs ?? LIVE_HEARTBEAT_MS);
    request.raw.once('close', end);
  });
}
