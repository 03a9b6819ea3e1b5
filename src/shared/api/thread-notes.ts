import type { Message } from './conversations';

/**
 * Thread notes: the team's internal notes inside a conversation's thread (messages of type `note`,
 * never sent to WhatsApp), which may @mention members who can see the conversation. Not a contact's
 * notes (`./notes`).
 */

/** POST /conversations/{id}/notes. */
export interface AddThreadNoteRequest {
  content: string;
  /** User ids of the members mentioned; each must be able to see the conversation. */
  mentions?: string[];
}

/** POST /conversations/{id}/notes: the stored note, as the thread shows it. */
export interface AddThreadNoteResponse {
  message: Message;
}

/** A member who can see the conversation, and so can be mentioned in its notes. */
export interface MentionableMember {
  /** The member's user id: what `mentions` takes. */
  id: string;
  name: string;
}

/** GET /conversations/{id}/mentionable. */
export interface MentionableMembersResponse {
  members: MentionableMember[];
}

/** What the thread labels a note with. */
export const THREAD_NOTE_LABEL = 'Note · only your team sees this';
export const ADD_THREAD_NOTE_FAILED = 'Failed to add note';
export const MENTION_NOT_VISIBLE = 'Only members who can see this conversation can be mentioned';
