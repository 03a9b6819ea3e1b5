import { NUDGE_KINDS, type LiveNudge, type NudgeKind } from '@shared/api/live';
import type { Viewer } from '../conversations';

export { NUDGE_CHANNEL } from '../../db/nudge-channel';

/** A change as the database announces it: what the members' streams need to decide who may hear of it. */
export interface Nudge extends LiveNudge {
  organizationId: string;
  assigneeId: string | null;
  /** The assignee before an assignment changed (they are told the conversation left them). */
  previousAssigneeId: string | null;
  /** A `mention`'s members: only they hear of it. */
  mentionedUserIds: string[];
}

const isKind = (value: unknown): value is NudgeKind => typeof value === 'string' && (NUDGE_KINDS as readonly string[]).includes(value);
const idOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/** The trigger's payload (short keys: a NOTIFY payload is limited), or null when it is not one. */
export function parseNudge(payload: string): Nudge | null {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const fields = raw as Record<string, unknown>;
  if (typeof fields.o !== 'string' || typeof fields.c !== 'string' || typeof fields.s !== 'number' || !isKind(fields.k)) return null;
  return {
    organizationId: fields.o,
    conversationId: fields.c,
    counter: fields.s,
    kind: fields.k,
    assigneeId: idOrNull(fields.a),
    previousAssigneeId: idOrNull(fields.p),
    mentionedUserIds: ids(fields.m),
  };
}

/**
 * Whether the viewer may hear of the change: the conversations' own rule (every one with
 * chats:view_all, else their own and the unassigned ones); an assignment is also told to those who saw
 * the conversation before it (its previous assignee, or everyone when it was unassigned), so it leaves
 * their list. A mention goes only to the members mentioned.
 */
export function mayHear(viewer: Viewer, nudge: Nudge): boolean {
  if (nudge.organizationId !== viewer.organizationId) return false;
  // A thread note's mention is told only to the members it names (who could see the conversation when it was written).
  if (nudge.kind === 'mention') return nudge.mentionedUserIds.includes(viewer.userId);
  if (viewer.seesAll || nudge.assigneeId === null || nudge.assigneeId === viewer.userId) return true;
  return nudge.kind === 'assignment' && (nudge.previousAssigneeId === null || nudge.previousAssigneeId === viewer.userId);
}

/** What goes down the stream: no organization, no assignee, no content. */
export function publicNudge(nudge: Nudge): LiveNudge {
  return { conversationId: nudge.conversationId, counter: nudge.counter, kind: nudge.kind };
}

const eventTexts = new WeakMap<Nudge, string>();

/** The nudge as a text/event-stream event, formatted once however many streams it goes to (hundreds, in a busy organization). */
export function nudgeEvent(nudge: Nudge): string {
  let text = eventTexts.get(nudge);
  if (text === undefined) {
    text = `event: nudge\ndata: ${JSON.stringify(publicNudge(nudge))}\n\n`;
    eventTexts.set(nudge, text);
  }
  return text;
}
