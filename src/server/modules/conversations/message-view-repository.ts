import { and, eq, sql } from 'drizzle-orm';
import { MESSAGE_TYPES, SORT_KEY_DIGITS, type LastMessage, type Message, type MessageStatus, type MessageType } from '@shared/api/conversations';
import { mediaFiles, messages, users, type MESSAGE_TYPES as STORED_MESSAGE_TYPES } from '../../db/schema';

/** How the inbox shows a stored message: the wire `Message`, with its media file's details. */

type StoredType = (typeof STORED_MESSAGE_TYPES)[number];

/** Select these (messages left-joined to media_files on `messageMedia`) to read messages as the inbox shows them. */
export const messageViewColumns = {
  id: messages.id,
  clientId: messages.clientId,
  contactId: messages.contactId,
  conversationId: messages.conversationId,
  seq: messages.seq,
  changeSeq: messages.changeSeq,
  // As text: a bigint above 2^53, which a driver may read as a rounded number.
  sortKey: sql<string>`${messages.sortKey}::text`.as('sort_key'),
  content: messages.content,
  direction: messages.direction,
  messageType: messages.messageType,
  status: messages.status,
  errorCode: messages.errorCode,
  errorMessage: messages.errorMessage,
  sentAt: messages.sentAt,
  createdAt: messages.createdAt,
  mediaId: messages.mediaId,
  mediaStorageKey: mediaFiles.storageKey,
  mediaMimeType: mediaFiles.mimeType,
  mediaSize: mediaFiles.sizeBytes,
  mediaDuration: mediaFiles.durationSeconds,
  mediaFileName: mediaFiles.fileName,
  // A thread note's author (a note is the team's, so the team sees who wrote it); null for any other message.
  authorName: sql<string | null>`case when ${messages.messageType} = 'note'
    then (select ${users.name} from ${users} where ${users.id} = ${messages.senderUserId}) end`.as('author_name'),
};

/** The join of a message to its media file. */
export const messageMedia = and(eq(mediaFiles.organizationId, messages.organizationId), eq(mediaFiles.id, messages.mediaId));

export interface MessageViewRow {
  id: string;
  clientId: string | null;
  contactId: string;
  conversationId: string;
  seq: number;
  changeSeq: number;
  /** messages.sort_key in decimal digits. */
  sortKey: string;
  content: string;
  direction: Message['direction'];
  messageType: StoredType;
  status: MessageStatus;
  errorCode: number | null;
  errorMessage: string | null;
  sentAt: Date;
  createdAt: Date;
  mediaId: string | null;
  mediaStorageKey: string | null;
  mediaMimeType: string | null;
  mediaSize: number | null;
  mediaDuration: number | null;
  mediaFileName: string | null;
  authorName: string | null;
}

/** A stored file's short-lived address (see MediaUrlSigner). */
export type MediaUrlOf = (mediaId: string) => string;

const SHOWN_TYPES: ReadonlySet<string> = new Set(MESSAGE_TYPES);

/**
 * The type and text the inbox shows. Types it has no bubble for (a template button pressed, an
 * interactive reply, a reaction, anything Meta sends that Parley does not know) read as text.
 */
export function shownAs(type: StoredType, content: string): { messageType: MessageType; content: string } {
  if (SHOWN_TYPES.has(type)) return { messageType: type as MessageType, content };
  if (type === 'reaction') return { messageType: 'text', content: content ? `Reacted ${content}` : 'Removed a reaction' };
  return { messageType: 'text', content };
}

export function toMessage(row: MessageViewRow, mediaUrlOf: MediaUrlOf): Message {
  const stored = row.mediaId !== null && row.mediaStorageKey !== null;
  return {
    id: row.id,
    clientId: row.clientId,
    contactId: row.contactId,
    conversationId: row.conversationId,
    seq: Number(row.seq),
    sortKey: row.sortKey.padStart(SORT_KEY_DIGITS, '0'),
    ...shownAs(row.messageType, row.content),
    direction: row.direction,
    status: row.status,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    sentAt: row.sentAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    mediaId: row.mediaId,
    mediaUrl: stored && row.mediaId ? mediaUrlOf(row.mediaId) : null,
    mediaType: row.mediaMimeType,
    mediaSize: row.mediaSize,
    mediaDuration: row.mediaDuration,
    mediaFileName: row.mediaFileName,
    ...(row.authorName !== null && { authorName: row.authorName }),
  };
}

/** A conversation's last message, as its list row shows it. */
export function toLastMessage(row: {
  id: string;
  content: string;
  direction: LastMessage['direction'];
  messageType: StoredType;
  status: MessageStatus;
  sentAt: Date;
}): LastMessage {
  return {
    id: row.id,
    ...shownAs(row.messageType, row.content),
    direction: row.direction,
    status: row.status,
    sentAt: row.sentAt.toISOString(),
  };
}
