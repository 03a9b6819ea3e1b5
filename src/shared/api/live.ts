/**
 * GET /api/events (text/event-stream): nudges, never content. Each `nudge` event's data is a
 * LiveNudge: a conversation the member may see changed; the client runs its own poll or list refresh.
 */

/** `mention`: a thread note mentioned the member (only the mentioned members hear it). */
export const NUDGE_KINDS = ['message', 'status', 'assignment', 'conversation', 'mention'] as const;
export type NudgeKind = (typeof NUDGE_KINDS)[number];

export interface LiveNudge {
  conversationId: string;
  /** The conversation's change counter after the change (the poll's cursor). */
  counter: number;
  kind: NudgeKind;
}

/** How often the stream sends a comment to keep proxies from closing it, and checks the session. */
export const LIVE_HEARTBEAT_MS = 25_000;
