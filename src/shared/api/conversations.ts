import type { Paginated } from './pagination';

/** The team inbox's wire types: conversations, messages, media and assignment. */

export const CONVERSATION_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** Which conversations a list shows; `all` and `unassigned` need chats:view_all beyond one's own. */
export const CONVERSATION_FILTERS = ['all', 'mine', 'unassigned'] as const;
export type ConversationFilter = (typeof CONVERSATION_FILTERS)[number];

export const MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/** `note` is the team's thread note (not in SPEC): stored among the messages, never sent to WhatsApp. */
export const MESSAGE_TYPES = ['text', 'template', 'image', 'video', 'audio', 'document', 'sticker', 'note'] as const;
/** The types the inbox renders; anything else Meta sends (buttons, reactions, ...) arrives as `text` with a description. */
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** `sending` exists only in the browser, for an optimistic message not yet stored. */
export const MESSAGE_STATUSES = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * How far a message got: a stored message's status only ever moves up this rank, so status reports
 * arriving in any order (a send's answer after a poll, webhooks out of order) end in the same state.
 * `failed` beats `sent` but not `delivered` or `read`: a recipient with several devices can report both.
 */
export const MESSAGE_STATUS_RANK: Readonly<Record<MessageStatus, number>> = { sending: 0, sent: 1, failed: 2, delivered: 3, read: 4 };

export interface ConversationContact {
  id: string;
  name: string | null;
  /** The customer's WhatsApp profile name (see Contact). */
  profileName: string | null;
  countryCode: string;
  phoneNumber: string;
  tags: { tagId: string; tag: { id: string; name: string; color: string } }[];
  deletedAt: string | null;
}

export interface LastMessage {
  id: string;
  content: string;
  direction: MessageDirection;
  messageType: MessageType;
  status: MessageStatus;
  sentAt: string;
}

export interface Conversation {
  id: string;
  contact: ConversationContact;
  status: ConversationStatus;
  /** The assignee's name. */
  assignedTo: string | null;
  assignedToId: string | null;
  unreadCount: number;
  lastMessage: LastMessage | null;
  lastMessageAt: string | null;
  createdAt: string;
  /**
   * When the customer-service window closes: 24 hours after the customer's latest message, whatever the
   * entry point (free-form messages only before it); null when the customer never wrote.
   */
  conversationWindowExpiresAt: string | null;
  isConversationWindowOpen: boolean;
  /** The customer has written through a free entry point (a Click-to-WhatsApp ad or a Facebook Page button). */
  isFreeEntryPoint: boolean;
  /**
   * The end of Meta's free-entry-point window: messages are free for 72 hours from the first reply sent
   * within 24 hours of the entry-point message. It does not open the conversation window. Null when none began.
   */
  freeEntryPointExpiresAt: string | null;
}

export interface Message {
  id: string;
  /** The id the sending browser chose; the optimistic message and the stored one share it. */
  clientId: string | null;
  contactId: string;
  conversationId: string;
  /** The order messages reached Parley in: later messages have larger numbers. */
  seq: number;
  content: string;
  /**
   * The message's place in the conversation as shown: by the customer's WhatsApp timestamp for inbound
   * messages, by creation for the rest, then by seq. A bigint above 2^53, sent as SORT_KEY_DIGITS
   * decimal digits (zero-padded), so plain string comparison orders it; `before` of the history takes it.
   */
  sortKey: string;
  direction: MessageDirection;
  messageType: MessageType;
  status: MessageStatus;
  /** Meta's error code and reason when `status` is `failed`. */
  errorCode: number | null;
  errorMessage: string | null;
  sentAt: string;
  createdAt: string;
  mediaId: string | null;
  /** A short-lived address of the file, usable only by members of the organization. */
  mediaUrl: string | null;
  /** The file's checked MIME type. */
  mediaType: string | null;
  mediaSize: number | null;
  /** Seconds, for audio and video when known. */
  mediaDuration: number | null;
  mediaFileName: string | null;
  /** A thread note's author (notes only). */
  authorName?: string;
}

/** The media fields of a message that carries none. */
export const NO_MEDIA = {
  mediaId: null,
  mediaUrl: null,
  mediaType: null,
  mediaSize: null,
  mediaDuration: null,
  mediaFileName: null,
} as const satisfies Pick<Message, 'mediaId' | 'mediaUrl' | 'mediaType' | 'mediaSize' | 'mediaDuration' | 'mediaFileName'>;

/** A template message's `content`: JSON with the template text and its parameters. */
export interface TemplateMessageContent {
  templateName: string;
  language: string;
  text: string;
  parameters: string[];
  header?: string | null;
  footer?: string | null;
  buttons?: string[];
}

export type ConversationPage = Paginated<Conversation>;

/**
 * GET /conversations?ids=…: the named conversations the member may see, shaped as in the list, and the
 * ids asked for that are not among them (missing, another organization's, or not visible to the member),
 * so a client drops those from what it holds.
 */
export interface ConversationBatch {
  data: Conversation[];
  missing: string[];
}

/** The width of a message's `sortKey`: a PostgreSQL bigint's most digits. */
export const SORT_KEY_DIGITS = 19;

/**
 * Every sort key is at least this (its time part counts whole seconds since 1970 times 2^31): a smaller
 * `before` is read as a message's seq, the cursor the history took before sort keys.
 */
export const FIRST_SORT_KEY = 2n ** 31n;

/** The largest sort key PostgreSQL's bigint holds. */
export const MAX_SORT_KEY = 2n ** 63n - 1n;

/** GET /conversations/{id}/messages: newest first (by sortKey); `cursor` is where the poll continues from. */
export interface MessagePage {
  data: Message[];
  /** Older messages exist before the last one of `data`. */
  hasMore: boolean;
  cursor: number;
}

/**
 * GET /conversations/{id}/messages/poll: the messages stored after `cursor` and the earlier ones whose
 * status changed since, oldest change first; the next poll passes the answered `cursor`.
 */
export interface MessagePollResponse {
  messages: Message[];
  cursor: number;
}

/** POST /conversations/{id}/messages and POST /media/upload. */
export interface SendMessageResponse {
  message: Message;
  conversation: Conversation;
}

/** GET /conversations/{id}, and PATCH read / assign / unassign / status. */
export interface ConversationResponse {
  conversation: Conversation;
}

export interface StatusCounts {
  all: number;
  open: number;
  in_progress: number;
  resolved: number;
  /** Conversations with unread messages among all the member may see, whatever the filter (the tab title shows it). */
  unread: number;
}

export interface AssignmentCounts {
  all: number;
  mine: number;
  unassigned: number;
}


/** POST /conversations/{id}/messages. */
export interface SendMessageRequest {
  content: string;
  /** A UUID the browser chose: the same one sent twice stores and sends one message. */
  clientId: string;
}

/** PATCH /conversations/{id}/assign. */
export interface AssignConversationRequest {
  assignToUserId: string;
  /** A handoff note for the new assignee. */
  note?: string;
}


/** A member conversations can be assigned to (GET /automation/agents). */
export interface AssignableAgent {
  /** The member's user id: what `assignToUserId` takes. */
  id: string;
  name: string;
  /** Only for a member who may see the team (members:view). */
  email?: string;
}

export interface AgentsResponse {
  agents: AssignableAgent[];
}

/** GET /media/{id}/url. */
export interface MediaUrlResponse {
  url: string;
  expiresAt: string;
}

/** Error texts the inbox shows inline. */
export const CONVERSATION_TEXTS = {
  sendMediaFailed: 'Failed to send media',
  assignFailed: 'Failed to assign conversation',
  unassignFailed: 'Failed to unassign conversation',
  statusFailed: 'Failed to update status',
  sendFailed: 'Failed to send message',
  loadFailed: 'Failed to load conversations',
  loadMoreFailed: 'Failed to load more conversations',
} as const;

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const WINDOW_CLOSED_MESSAGE =
  'The 24-hour conversation window is closed: only an approved template can be sent until the customer writes again';
